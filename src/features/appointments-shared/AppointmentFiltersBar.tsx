import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "../../../schemas/enums.ts"
import { Button } from "../../ui/Button.tsx"
import { SelectField, TextField } from "../../ui/Field.tsx"
import { DATE_FILTERS, hasAnyFilter, type AppointmentFilters } from "./appointmentFilters.ts"
import "./appointments.css"

export interface AppointmentFiltersBarProps {
  filters: AppointmentFilters
  onChange: (change: Partial<AppointmentFilters>) => void
  onClear: () => void
  /** "Search" for patients (doctor, reason), "Search by patient" for doctors. */
  searchLabel: string
  searchPlaceholder?: string
  /** The filters' order: the doctor's list puts upcoming/past first. */
  order?: ReadonlyArray<FilterKey>
  className?: string
}

type FilterKey = "status" | "type" | "date"
const DEFAULT_ORDER: ReadonlyArray<FilterKey> = ["status", "type", "date"]

/**
 * The search box and the status, type and date filters of an appointments list (SPEC §2), for
 * both roles; the page keeps the values in its address. Needs the `appointments` texts.
 */
export function AppointmentFiltersBar({
  filters,
  onChange,
  onClear,
  searchLabel,
  searchPlaceholder,
  order = DEFAULT_ORDER,
  className = "card appointment-filters",
}: AppointmentFiltersBarProps) {
  const { t } = useTranslation()
  const select = (key: FilterKey, label: string, values: ReadonlyArray<string>, textOf: (v: string) => string) => (
    <SelectField
      key={key}
      label={label}
      value={filters[key] ?? ""}
      placeholder={t("appointments.all")}
      options={values.map((v) => ({ value: v, label: textOf(v) }))}
      onChange={(e) => onChange({ [key]: e.target.value || null })}
    />
  )
  const selects: Record<FilterKey, () => ReactNode> = {
    status: () => select("status", t("appointments.statusLabel"), APPOINTMENT_STATUSES, (s) => t(`appointments.status.${s}`)),
    type: () => select("type", t("appointments.type"), SERVICE_CODES, (s) => t(`appointments.types.${s}`)),
    date: () => select("date", t("appointments.date"), DATE_FILTERS, (d) => t(`appointments.dates.${d}`)),
  }
  return (
    <div className={className} role="search">
      <TextField label={searchLabel} type="search" value={filters.q} placeholder={searchPlaceholder} onChange={(e) => onChange({ q: e.target.value })} />
      {order.map((key) => selects[key]())}
      {hasAnyFilter(filters) ? (
        <div className="appointment-filters-clear">
          <Button variant="ghost" size="small" onClick={onClear}>
            {t("appointments.clearFilters")}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
