import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { Button } from "../../../ui/Button.tsx"
import { AppointmentFiltersBar } from "../../appointments-shared/AppointmentFiltersBar.tsx"
import { filterAppointments, filtersOf, hasAnyFilter, searchOf, type AppointmentFilters } from "../../appointments-shared/appointmentFilters.ts"
import { LoadProblem } from "../common/LoadProblem.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { DoctorAppointmentCard } from "./DoctorAppointmentCard.tsx"
import "../common/doctorCommon.css"
import "../patients/patients.css"

const route = getRouteApi("/doctor/appointments")

/** /doctor/appointments: the doctor's appointments, searched by patient and filtered in the address. */
export function DoctorAppointmentsPage() {
  const { t } = useTranslation()
  const navigate = route.useNavigate()
  const filters = filtersOf(route.useSearch())
  const { doctor } = useDoctorSession()
  const list = useQuery(appointmentsQuery())
  const set = (change: Partial<AppointmentFilters>) => void navigate({ to: "/doctor/appointments", search: searchOf({ ...filters, ...change }), replace: true })
  const clear = () => void navigate({ to: "/doctor/appointments", search: {}, replace: true })
  const shown = list.data ? filterAppointments(list.data, filters, "doctor", Date.now()) : []

  return (
    <div className="container page stack">
      <div className="doctor-page-header">
        <h1>{t("doctorAppointments.title")}</h1>
        <Link to="/doctor/appointments/new" className="btn btn-primary">
          {t("doctorAppointments.book")}
        </Link>
      </div>
      <AppointmentFiltersBar filters={filters} onChange={set} onClear={clear} searchLabel={t("doctorAppointments.search")} order={["date", "status", "type"]} />
      {list.error ? (
        <LoadProblem
          mode="panel"
          message={t("doctorAppointments.loadFailed")}
          error={list.error}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
        />
      ) : null}
      {list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data && shown.length === 0 ? (
        <div className="card empty-state">
          <p>{list.data.length === 0 ? t("doctorAppointments.empty") : t("appointments.noMatch")}</p>
          {hasAnyFilter(filters) ? (
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
