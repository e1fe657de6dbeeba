import { useQuery } from "@tanstack/react-query"
import { ClientOnly, Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { facilitySearchMachine, GEOLOCATION_OPTIONS } from "../../../../machines/facilitySearch.machine.ts"
import { mapSelectionMachine } from "../../../../machines/mapSelection.machine.ts"
import type { Coordinates } from "../../../../schemas/common.ts"
import { facilitySearchQuery } from "../../../api/facilities.ts"
import { Button } from "../../../ui/Button.tsx"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { Pagination } from "../../../ui/Pagination.tsx"
import { SearchBox } from "../common/SearchBox.tsx"
import { pageInRange } from "../common/pageInRange.ts"
import { FacilityCard } from "./FacilityCard.tsx"
import { FACILITY_TYPE_VALUES, FACILITY_VIEWS, facilitySearchParamsOf, type FacilitySearch } from "./searchParams.ts"
import { pageKeeping, useFacilitySearch } from "./useFacilitySearch.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "../common/public.css"
import "./facilities.css"
import { loadFailureText } from "../../../errors/failureText.ts"

// OpenLayers and the map's code load only when a map is shown.
const FacilityMap = lazy(() => import("./map/FacilityMap.tsx"))

const SORT_CHOICES = ["name-asc", "name-desc", "rating", "distance"] as const

const locate = fromPromise(
  () =>
    new Promise<Coordinates>((resolve, reject) => {
      if (!("geolocation" in navigator)) return reject(new Error("geolocation unavailable"))
      navigator.geolocation.getCurrentPosition((p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }), reject, GEOLOCATION_OPTIONS)
    }),
)

/** /facilities: the healthcare facility directory, as a list, a map or both (SPEC §2, §4). */
export function FacilitiesPage() {
  const { t } = useTranslation()
  const { search, update, page, limit, sort, order, view } = useFacilitySearch()
  const updateRef = useRef(update)
  updateRef.current = update
  const whereabouts = useFlowActor(
    facilitySearchMachine.provide({
      actors: { locate },
      actions: {
        sortByDistance: () => updateRef.current({ sort: "distance", order: undefined }),
        logFailure: (_, { error }) => console.warn("[promed] geolocation failed", error),
      },
    }),
  )
  const position = useSelector(whereabouts, (s) => s.context.position)
  const locating = useSelector(whereabouts, (s) => s.matches("locating"))
  const selection = useFlowActor(mapSelectionMachine)
  const selectedId = useSelector(selection, (s) => s.context.selectedId)

  const results = useQuery(facilitySearchQuery(facilitySearchParamsOf(search, position)))
  // A page beyond the last (an old or hand-edited link) is replaced by the last one; meanwhile it shows as loading.
  const fallbackPage = results.data ? pageInRange(page, limit, results.data.paginationSettings.totalCount) : null
  const shown = fallbackPage === null ? results.data : undefined
  useEffect(() => {
    if (fallbackPage !== null) updateRef.current({ page: fallbackPage }, true)
  }, [fallbackPage])
  const facilities = shown?.data
  const total = shown?.paginationSettings.totalCount

  // A facility that left the page (new page, search or filter) is no longer selected.
  const ids = facilities?.map((f) => f.id).join(",")
  useEffect(() => {
    if (ids !== undefined) selection.send({ type: "map.show", ids: ids ? ids.split(",") : [] })
  }, [ids, selection])

  // The map exists in the browser only: the server's HTML (and the hydration of it) holds its place.
  const mapPlaceholder = (
    <div className="facility-map-wrap">
      <div className="facility-map-placeholder">
        <LoadingScreen label={t("map.loading")} />
      </div>
    </div>
  )

  const sortChoice = sort === "name" ? `name-${order}` : sort
  const chooseSort = (choice: (typeof SORT_CHOICES)[number]) => {
    if (choice === "distance") return whereabouts.send({ type: "facilities.sortByDistance" })
    const [next, nextOrder] = choice.split("-") as [FacilitySearch["sort"], FacilitySearch["order"]]
    update({ sort: next, order: nextOrder })
  }
  const showOnMap = (id: string) => {
    selection.send({ type: "map.select", id })
    if (view === "list") update({ view: "both" }, true)
  }

  return (
    <section className="container page facilities-page" aria-labelledby="facilities-title">
      <h1 id="facilities-title">{t("facilities.title")}</h1>
      {search.state === "emergency" ? (
        <p className="alert alert-info row">
          <span>{t("facilities.emergencyOnly")}</span>
          <Link to="/facilities" className="btn btn-ghost btn-small">
            {t("facilities.showAll")}
          </Link>
        </p>
      ) : null}
      <SearchBox
        label={t("facilities.searchLabel")}
        placeholder={t("facilities.searchPlaceholder")}
        submitLabel={t("facilities.submit")}
        clearLabel={t("facilities.clearSearch")}
        keyword={search.keyword ?? ""}
        onCommit={(keyword) => update({ keyword: keyword || undefined })}
      />
      <div className="facilities-controls">
        <label className="field">
          <span className="field-label">{t("facilities.typeLabel")}</span>
          <select
            className="native-select"
            value={search.type ?? ""}
            onChange={(e) => update({ type: (e.target.value || undefined) as FacilitySearch["type"] })}
          >
            <option value="">{t("facilities.anyType")}</option>
            {FACILITY_TYPE_VALUES.map((type) => (
              <option key={type} value={type}>
                {t(`facilities.type.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("facilities.sortLabel")}</span>
          <select className="native-select" value={sortChoice} onChange={(e) => chooseSort(e.target.value as (typeof SORT_CHOICES)[number])}>
            {SORT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`facilities.sort.${choice}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <span className="field-label" id="facilities-view">
            {t("facilities.viewLabel")}
          </span>
          <div className="segmented" role="group" aria-labelledby="facilities-view">
            {FACILITY_VIEWS.map((v) => (
              <button key={v} type="button" className="btn btn-small" aria-pressed={view === v} onClick={() => update({ view: v }, true)}>
                {t(`facilities.view.${v}`)}
              </button>
            ))}
          </div>
        </div>
        <Button variant="secondary" loading={locating} disabled={position !== null} onClick={() => whereabouts.send({ type: "facilities.locate" })}>
          {position ? t("facilities.locationOn") : t("facilities.enableLocation")}
        </Button>
      </div>

      <p className="results-count" aria-live="polite">
        {total !== undefined ? t("facilities.resultCount", { count: total }) : null}
      </p>

      {results.isPending || fallbackPage !== null ? (
        <LoadingScreen label={t("facilities.loading")} />
      ) : results.isError ? (
        <div className="alert alert-danger" role="alert">
          <p>{loadFailureText(t, results.error, t("facilities.error"), results.error.message || t("facilities.unknownError"))}</p>
          <Button variant="secondary" size="small" onClick={() => void results.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <div className={`facilities-layout view-${view}`}>
          {view !== "map" ? (
            facilities && facilities.length > 0 ? (
              <ul className="facility-list" aria-busy={results.isPlaceholderData || undefined}>
                {facilities.map((facility) => (
                  <li key={facility.id}>
                    <FacilityCard facility={facility} selected={facility.id === selectedId} onShowOnMap={() => showOnMap(facility.id)} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="card empty-state">
                <h2>{t("facilities.emptyTitle")}</h2>
                <p className="muted">{t("facilities.emptyText")}</p>
              </div>
            )
          ) : null}
          {view === "list" ? null : (
            <ClientOnly fallback={mapPlaceholder}>
              <Suspense fallback={mapPlaceholder}>
                <FacilityMap
                  facilities={facilities ?? []}
                  selectedId={selectedId}
                  position={position}
                  onSelect={(id) => selection.send({ type: "map.select", id })}
                />
              </Suspense>
            </ClientOnly>
          )}
        </div>
      )}

      {total ? (
        <Pagination
          page={page}
          limit={limit}
          totalCount={total}
          onPageChange={(next) => update({ page: next }, true)}
          onLimitChange={(next) => update({ limit: next as FacilitySearch["limit"], page: pageKeeping(page, limit, next) }, true)}
        />
      ) : null}
    </section>
  )
}
