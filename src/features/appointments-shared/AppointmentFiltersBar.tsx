import { useTranslation } from "react-i18next"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "../../../schemas/enums.ts"
import { Button } from "../../ui/Button.tsx"
import { SelectField, TextField } from "../../ui/Field.tsx"
import { DATE_FILTERS, type AppointmentFilters } from "./appointmentFilters.ts"

export interface AppointmentFiltersBarProps {
  filters: AppointmentFilters
  onChange: (change: Partial<AppointmentFilters>) => void
  onClear: () => void
  /** "Search" for patients (doctor, reason), "Search by patient" for doctors. */
  searchLabel: string
  searchPlaceholder?: string
}

/**
 * The search box and the status, type and date filters of an appointments list (SPEC §2), for
 * both roles; the page keeps the values in its address. Needs the `appointments` texts.
 */
export function AppointmentFiltersBar({ filters, onChange, onClear, searchLabel, searchPlaceholder }: AppointmentFiltersBarProps) {
  const { t } = useTranslation()
  const select = <K extends "status" | "type" | "date">(key: K, label: string, values: ReadonlyArray<string>, textOf: (v: string) => string) => (
    <SelectField
      label={label}
      value={filters[key] ?? ""}
      placeholder={t("appointments.all")}
      options={values.map((v) => ({ value: v, label: textOf(v) }))}
      onChange={(e) => onChange({ [key]: e.target.value || null } as Partial<AppointmentFilters>)}
    />
  )
  const anyFilter = Boolean(filters.q.trim() || filters.status || filters.type || filters.date)
  return (
    <div className="card filters" role="search">
      <TextField label={searchLabel} type="search" value={filters.q} placeholder={searchPlaceholder} onChange={(e) => onChange({ q: e.target.value })} />
      {select("status", t("appointments.statusLabel"), APPOINTMENT_STATUSES, (s) => t(`appointments.status.${s}`))}
      {select("type", t("appointments.type"), SERVICE_CODES, (s) => t(`appointments.types.${s}`))}
      {select("date", t("appointments.date"), DATE_FILTERS, (d) => t(`appointments.dates.${d}`))}
      {anyFilter ? (
        <div>
          <Button variant="ghost" size="small" onClick={onClear}>
            {t("appointments.clearFilters")}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
