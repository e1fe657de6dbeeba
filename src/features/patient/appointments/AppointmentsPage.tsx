import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { Button } from "../../../ui/Button.tsx"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { AppointmentCard } from "../../appointments-shared/AppointmentCard.tsx"
import { filterAppointments, filtersOf, searchOf, type AppointmentFilters } from "../../appointments-shared/appointmentFilters.ts"
import { AppointmentFiltersBar } from "../../appointments-shared/AppointmentFiltersBar.tsx"
import { WaitlistSection } from "./WaitlistSection.tsx"
import "../patient.css"
import { LoadFailed } from "../../../ui/LoadFailed.tsx"

const route = getRouteApi("/_patient/appointments")

/** /appointments: the patient's appointments with search and filters kept in the address (SPEC §2). */
export function AppointmentsPage() {
  const { t } = useTranslation()
  const navigate = route.useNavigate()
  const filters = filtersOf(route.useSearch())
  const list = useQuery(appointmentsQuery())
  const set = (change: Partial<AppointmentFilters>) => void navigate({ to: "/appointments", search: searchOf({ ...filters, ...change }), replace: true })
  const clear = () => void navigate({ to: "/appointments", search: {}, replace: true })

  return (
    <div className="container page stack">
      <div className="page-head">
        <h1>{t("appointments.title")}</h1>
        <Link to="/doctors" className="btn btn-primary">
          {t("appointments.book")}
        </Link>
      </div>
      {/* Issue 14: above the list, as an offered slot is held only a few minutes. */}
      <WaitlistSection />
      <AppointmentFiltersBar
        filters={filters}
        onChange={set}
        onClear={clear}
        searchLabel={t("appointments.search")}
        searchPlaceholder={t("appointments.searchPlaceholder")}
      />
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError ? (
        <LoadFailed message={t("appointments.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Results all={list.data.length} shown={filterAppointments(list.data, filters, "patient", Date.now())} onClear={clear} />
      )}
    </div>
  )
}

function Results({ all, shown, onClear }: { all: number; shown: ReturnType<typeof filterAppointments>; onClear: () => void }) {
  const { t } = useTranslation()
  if (all === 0) {
    return (
      <div className="card empty-state">
        <h2>{t("appointments.emptyTitle")}</h2>
        <p className="muted">{t("appointments.emptyText")}</p>
        <Link to="/doctors" className="btn btn-primary">
          {t("appointments.book")}
        </Link>
      </div>
    )
  }
  if (shown.length === 0) {
    return (
      <div className="card empty-state">
        <p>{t("appointments.noMatch")}</p>
        <Button variant="secondary" onClick={onClear}>
          {t("appointments.clearFilters")}
        </Button>
      </div>
    )
  }
  return (
    <section className="stack" aria-label={t("appointments.results", { count: shown.length })}>
      <p className="muted" aria-live="polite">
        {t("appointments.results", { count: shown.length })}
      </p>
      <ul className="card-list">
        {shown.map((a) => (
          <li key={a.id}>
            <AppointmentCard appointment={a} perspective="patient" />
          </li>
        ))}
      </ul>
    </section>
  )
}
