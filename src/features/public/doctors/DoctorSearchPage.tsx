import { useQuery } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { doctorSearchMachine } from "../../../../machines/doctorSearch.machine.ts"
import { doctorSearchQuery } from "../../../api/doctors.ts"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { Pagination } from "../../../ui/Pagination.tsx"
import { SearchBox } from "../common/SearchBox.tsx"
import { pageInRange } from "../common/pageInRange.ts"
import { DoctorCard } from "./DoctorCard.tsx"
import { FiltersPanel } from "./FiltersPanel.tsx"
import { SearchBooking } from "./SearchBooking.tsx"
import { DOCTOR_SORT_VALUES, type DoctorSearch } from "./searchParams.ts"
import { filtersToSearch, useDoctorSearch } from "./useDoctorSearch.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { formatNumber } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import type { PaginationResponse } from "../../../../schemas/common.ts"
import "../common/public.css"
import { loadFailureText } from "../../../errors/failureText.ts"

/** /doctors and /doctors/search: keyword, filters, sort, results and pages, all in the address (SPEC §2). */
export function DoctorSearchPage() {
  const { t } = useTranslation()
  const { search, params, filters, update, showBooking } = useDoctorSearch()
  const updateRef = useRef(update)
  updateRef.current = update
  const filterPanel = useFlowActor(
    doctorSearchMachine.provide({ actions: { applyFilters: (_, { filters: next }) => updateRef.current(filtersToSearch(next)) } }),
  )
  const results = useQuery(doctorSearchQuery(params))
  const found = results.data?.response
  // A page beyond the last (an old or hand-edited link) is replaced by the last one; meanwhile it shows as loading.
  const fallbackPage = found ? pageInRange(params.page, params.limit, found.paginationSettings.totalCount) : null
  const page = fallbackPage === null ? found : undefined
  useEffect(() => {
    if (fallbackPage !== null) updateRef.current({ page: fallbackPage }, true)
  }, [fallbackPage])

  return (
    <section className="container page doctor-search" aria-labelledby="doctor-search-title">
      <h1 id="doctor-search-title">{t("doctorSearch.title")}</h1>
      <SearchBox
        label={t("doctorSearch.searchLabel")}
        placeholder={t("doctorSearch.searchPlaceholder")}
        submitLabel={t("doctorSearch.submit")}
        clearLabel={t("doctorSearch.clearSearch")}
        keyword={search.keyword ?? ""}
        onCommit={(keyword) => update({ keyword: keyword || undefined })}
      />
      <FiltersPanel actor={filterPanel} current={filters} />

      <div className="results-bar">
        <p aria-live="polite" className="results-count">
          {page ? <ResultCount settings={page.paginationSettings} /> : null}
        </p>
        <label className="row sort-select">
          <span>{t("doctorSearch.sortLabel")}</span>
          <select className="native-select" value={params.sort} onChange={(e) => update({ sort: e.target.value as DoctorSearch["sort"] })}>
            {DOCTOR_SORT_VALUES.map((sort) => (
              <option key={sort} value={sort}>
                {t(`doctorSearch.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {results.data?.source === "sample" ? (
        <p className="alert alert-warning" role="status">
          <strong>{t("samples.label")} — </strong>
          {t("doctorSearch.sampleNotice")}
        </p>
      ) : null}

      {results.isPending || fallbackPage !== null ? (
        <LoadingScreen label={t("doctorSearch.loading")} />
      ) : results.isError ? (
        <div className="alert alert-danger" role="alert">
          <p>{loadFailureText(t, results.error, t("doctorSearch.error"))}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void results.refetch()}>
            {t("common.retry")}
          </button>
        </div>
      ) : page && page.data.length === 0 ? (
        <div className="empty-state card">
          <h2>{t("doctorSearch.emptyTitle")}</h2>
          <p className="muted">{t("doctorSearch.emptyText")}</p>
        </div>
      ) : page ? (
        <ul className="doctor-list" aria-busy={results.isPlaceholderData || undefined}>
          {page.data.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} onBook={() => showBooking(doctor.id, 1, false)} />
            </li>
          ))}
        </ul>
      ) : null}

      {page && page.paginationSettings.totalCount > 0 ? (
        <Pagination
          page={params.page}
          limit={params.limit}
          totalCount={page.paginationSettings.totalCount}
          countCapped={page.paginationSettings.totalCountCapped}
          onPageChange={(next) => {
            update({ page: next }, true)
            window.scrollTo({ top: 0 })
          }}
          onLimitChange={(limit) => update({ limit: limit as DoctorSearch["limit"] })}
        />
      ) : null}
      <SearchBooking search={search} shown={found?.data} showBooking={showBooking} />
    </section>
  )
}

/** "12 médecins trouvés", or "Plus de 1 000 médecins trouvés" when the gateway stopped counting. */
function ResultCount({ settings }: { settings: PaginationResponse }) {
  const { t, i18n } = useTranslation()
  const count = settings.totalCount
  return settings.totalCountCapped
    ? t("doctorSearch.resultCountAtLeast", { count, shown: formatNumber(count, i18n.language as Language) })
    : t("doctorSearch.resultCount", { count })
}
