import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { patientFilterMachine } from "../../../../machines/patientFilter.machine.ts"
import { PATIENT_STATUSES, type PatientStatus } from "../../../../schemas/doctorPatients.ts"
import { doctorPatientsQuery } from "../../../api/doctorPatients.ts"
import { Button } from "../../../ui/Button.tsx"
import { SelectField, TextField } from "../../../ui/Field.tsx"
import { LoadProblem } from "../common/LoadProblem.tsx"
import { PatientCard } from "./PatientCard.tsx"
import { filterPatients, patientFiltersOf, patientSearchOf, type PatientFilters } from "./patientSearch.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./patients.css"

const route = getRouteApi("/doctor/$doctorId/patients")

/** /doctor/{doctorId}/patients: search, a collapsible status filter, cards, two empty states. */
export function PatientsPage() {
  const { t } = useTranslation()
  const { doctorId } = route.useParams()
  const filters = patientFiltersOf(route.useSearch())
  const navigate = route.useNavigate()
  const list = useQuery(doctorPatientsQuery(doctorId))
  const panel = useFlowActor(patientFilterMachine, { input: { open: filters.status !== null } })
  const open = useSelector(panel, (s) => s.matches("open"))
  const panelId = useId()
  const setFilters = (next: PatientFilters) =>
    void navigate({ to: "/doctor/$doctorId/patients", params: { doctorId }, search: patientSearchOf(next), replace: true })
  const shown = list.data ? filterPatients(list.data, filters) : []
  const filtered = filters.q.trim() !== "" || filters.status !== null

  return (
    <section className="container page stack" aria-labelledby="patients-title">
      <h1 id="patients-title">{t("doctorPatients.title")}</h1>
      <div className="patients-toolbar">
        <TextField
          label={t("doctorPatients.search")}
          type="search"
          value={filters.q}
          placeholder={t("doctorPatients.searchPlaceholder")}
          onChange={(e) => setFilters({ ...filters, q: e.target.value })}
        />
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => panel.send({ type: "patientFilter.toggle" })}>
          {t("doctorPatients.filters")}
          {filters.status ? ` (1)` : ""}
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="card patients-filter">
          <SelectField
            label={t("doctorPatients.status")}
            value={filters.status ?? ""}
            placeholder={t("doctorPatients.allStatuses")}
            onChange={(e) => setFilters({ ...filters, status: (e.target.value || null) as PatientStatus | null })}
            options={PATIENT_STATUSES.map((s) => ({ value: s, label: t(`doctorPatients.statuses.${s}`) }))}
          />
        </div>
      ) : null}

      {list.error ? (
        <LoadProblem
          mode="panel"
          message={t("doctorPatients.loadFailed")}
          error={list.error}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
        />
      ) : null}
      {list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data ? (
        <p className="muted" aria-live="polite">
          {t("doctorPatients.count", { count: shown.length })}
        </p>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <div className="card empty-state">
          <p>{t("doctorPatients.noPatientsYet")}</p>
          <Link to="/doctor/schedule" className="btn btn-secondary">
            {t("doctorPatients.openSchedule")}
          </Link>
        </div>
      ) : null}
      {list.data && list.data.length > 0 && shown.length === 0 ? (
        <div className="card empty-state">
          <p>{t("doctorPatients.noMatch")}</p>
          {filtered ? (
            <Button variant="secondary" onClick={() => setFilters({ q: "", status: null })}>
              {t("doctorPatients.clearFilters")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ul className="grid-cards">
          {shown.map((p) => (
            <PatientCard key={p.id} patient={p} doctorId={doctorId} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
