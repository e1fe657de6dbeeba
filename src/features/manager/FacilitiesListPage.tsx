import { useQuery } from "@tanstack/react-query"
import { getRouteApi } from "@tanstack/react-router"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { LIMITS } from "../../../schemas/fields.ts"
import { managerFacilitiesQuery } from "../../api/facilitiesAdmin.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { TextField } from "../../ui/Field.tsx"
import { Pagination } from "../../ui/Pagination.tsx"
import { PhoneLink } from "../../ui/PhoneLink.tsx"
import { DoctorRequestsSection } from "./DoctorRequestsSection.tsx"
import { facilitiesListOf } from "./managerSearch.ts"
import "../doctor/common/doctorCommon.css"
import "./manager.css"
import { Address } from "../../i18n/format.ts"
import { loadFailureText } from "../../errors/failureText.ts"

const route = getRouteApi("/manager/dashboard")

/** /manager/dashboard: the doctors' requests to join, then the healthcare facilities list, the manager's own one marked. */
export function FacilitiesListPage() {
  const { t } = useTranslation()
  const navigate = route.useNavigate()
  const { q, page, limit } = facilitiesListOf(route.useSearch())
  const own = useSessionUser()?.metadata.manager?.healthcareFacility?.id
  const [draft, setDraft] = useState(q)
  const tooShort = draft.trim().length > 0 && draft.trim().length < LIMITS.searchMin
  const list = useQuery(managerFacilitiesQuery(q, page, limit))
  const go = (next: { q?: string; page?: number; limit?: number }) => {
    const merged = { q, page, limit, ...next }
    void navigate({
      to: "/manager/dashboard",
      search: {
        ...(merged.q ? { q: merged.q } : {}),
        ...(merged.page > 1 ? { page: merged.page } : {}),
        ...(merged.limit !== 10 ? { limit: merged.limit } : {}),
      },
      replace: true,
    })
  }

  return (
    <div className="container page stack manager-page">
      <h1>{t("manager.dashboard")}</h1>
      <DoctorRequestsSection />
      <h2 className="section-title">{t("manager.facilitiesTitle")}</h2>
      <form
        className="manager-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          if (!tooShort) go({ q: draft.trim(), page: 1 })
        }}
      >
        <TextField
          label={t("manager.searchFacilities")}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={tooShort ? "validation.searchMin" : undefined}
        />
        <Button type="submit">{t("manager.search")}</Button>
      </form>
      {list.error ? (
        <p className="alert alert-danger" role="alert">
          {loadFailureText(t, list.error, t("manager.facilitiesFailed"), list.error.message)}
        </p>
      ) : null}
      {list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data ? (
        <>
          <p className="muted" aria-live="polite">
            {t("manager.facilitiesCount", { count: list.data.paginationSettings.totalCount })}
          </p>
          {list.data.data.length === 0 ? <p className="card empty-state">{t("manager.noFacilities")}</p> : null}
          <ul className="grid-cards">
            {list.data.data.map((f) => (
              <li key={f.id} className={`card stack facility-item${f.id === own ? " is-own" : ""}`}>
                <div className="row">
                  <h2 className="section-title">{f.name}</h2>
                  {f.id === own ? <span className="badge badge-success">{t("manager.yourFacility")}</span> : null}
                  {f.isPartner ? <span className="badge">{t("manager.partner")}</span> : null}
                </div>
                <p className="muted">
                  {t(`manager.facilityTypes.${f.facilityType}`)} · {f.location.city}
                </p>
                <p>
                  <Address parts={[f.location.address]} />
                </p>
                {f.phoneNumber ? <PhoneLink phone={f.phoneNumber} /> : null}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            limit={limit}
            totalCount={list.data.paginationSettings.totalCount}
            onPageChange={(p) => go({ page: p })}
            onLimitChange={(l) => go({ limit: l, page: 1 })}
          />
        </>
      ) : null}
    </div>
  )
}
