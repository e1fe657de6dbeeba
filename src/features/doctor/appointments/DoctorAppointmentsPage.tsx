import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "../../../../schemas/enums.ts"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { Button } from "../../../ui/Button.tsx"
import { SelectField, TextField } from "../../../ui/Field.tsx"
import { DATE_FILTERS, filterAppointments, filtersOf, searchOf, type AppointmentFilters } from "../../appointments-shared/appointmentFilters.ts"
import { LoadProblem } from "../common/LoadProblem.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { DoctorAppointmentCard } from "./DoctorAppointmentCard.tsx"
import "../common/doctorCommon.css"
import "../patients/patients.css"

const route = getRouteApi("/doctor/doctor/appointments")

/** /doctor/appointments: the doctor's appointments, searched by patient and filtered in the address. */
export function DoctorAppointmentsPage() {
  const { t } = useTranslation()
  const navigate = route.useNavigate()
  const filters = filtersOf(route.useSearch())
  const { doctor } = useDoctorSession()
  const list = useQuery(appointmentsQuery())
  const set = (change: Partial<AppointmentFilters>) =>
    void navigate({ to: "/doctor/appointments", search: searchOf({ ...filters, ...change }), replace: true })
  const clear = () => void navigate({ to: "/doctor/appointments", search: {}, replace: true })
  const anyFilter = Boolean(filters.q.trim() || filters.status || filters.type || filters.date)
  const shown = list.data ? filterAppointments(list.data, filters, "doctor", Date.now()) : []

  return (
    <div className="container page stack">
      <div className="doctor-page-header">
        <h1>{t("doctorAppointments.title")}</h1>
        <Link to="/doctor/appointments/new" className="btn btn-primary">
          {t("doctorAppointments.book")}
        </Link>
      </div>
      <div className="card form-grid" role="search">
        <TextField label={t("doctorAppointments.search")} type="search" value={filters.q} onChange={(e) => set({ q: e.target.value })} />
        <SelectField
          label={t("appointments.date")}
          value={filters.date ?? ""}
          placeholder={t("appointments.all")}
          options={DATE_FILTERS.map((d) => ({ value: d, label: t(`appointments.dates.${d}`) }))}
          onChange={(e) => set({ date: (e.target.value || null) as AppointmentFilters["date"] })}
        />
        <SelectField
          label={t("appointments.statusLabel")}
          value={filters.status ?? ""}
          placeholder={t("appointments.all")}
          options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`appointments.status.${s}`) }))}
          onChange={(e) => set({ status: (e.target.value || null) as AppointmentFilters["status"] })}
        />
        <SelectField
          label={t("appointments.type")}
          value={filters.type ?? ""}
          placeholder={t("appointments.all")}
          options={SERVICE_CODES.map((s) => ({ value: s, label: t(`appointments.types.${s}`) }))}
          onChange={(e) => set({ type: (e.target.value || null) as AppointmentFilters["type"] })}
        />
        {anyFilter ? (
          <div>
            <Button variant="ghost" size="small" onClick={clear}>
              {t("appointments.clearFilters")}
            </Button>
          </div>
        ) : null}
      </div>
      {list.error ? <LoadProblem mode="panel" message={t("doctorAppointments.loadFailed")} onRefresh={() => void list.refetch()} refreshing={list.isFetching} /> : null}
      {list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data && shown.length === 0 ? (
        <div className="card empty-state">
          <p>{list.data.length === 0 ? t("doctorAppointments.empty") : t("appointments.noMatch")}</p>
          {anyFilter ? (
            <Button variant="secondary" onClick={clear}>
              {t("appointments.clearFilters")}
            </Button>
          ) : (
            <Link to="/doctor/appointments/new" className="btn btn-primary">
              {t("doctorAppointments.book")}
            </Link>
          )}
        </div>
      ) : null}
      {shown.length > 0 ? (
        <section className="stack" aria-label={t("appointments.results", { count: shown.length })}>
          <p className="muted" aria-live="polite">
            {t("appointments.results", { count: shown.length })}
          </p>
          <ul className="grid-cards">
            {shown.map((a) => (
              <li key={a.id}>
                <DoctorAppointmentCard appointment={a} doctorId={doctor.id} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
