import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { activeFilterCount, type DoctorFilters, type doctorSearchMachine } from "../../../../machines/doctorSearch.machine.ts"
import type { SpokenLanguage } from "../../../../schemas/enums.ts"
import { formatRating } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { REGIONS } from "../common/regions.ts"
import { CHAD_CITIES } from "./chadCities.ts"
import { specialtyLabel } from "../../../i18n/doctorText.ts"
import { SPECIALTY_CODES } from "./specialtyCodes.ts"
import { LANGUAGE_FILTERS, RATING_FILTERS } from "./searchParams.ts"

interface FiltersPanelProps {
  actor: ActorRefFrom<typeof doctorSearchMachine>
  /** The filters of the address. */
  current: DoctorFilters
}

/** Collapsible filters: specialties, location, minimum rating, language; Apply and Clear (SPEC §2). */
export function FiltersPanel({ actor, current }: FiltersPanelProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const open = useSelector(actor, (s) => s.matches("open"))
  const draft = useSelector(actor, (s) => s.context.draft)
  const panelId = useId()
  const count = activeFilterCount(current)
  const offered = [...REGIONS, ...CHAD_CITIES].map((place) => place.value as string)
  const locations = current.location && !offered.includes(current.location) ? [current.location] : []

  return (
    <div className="filters">
      <div className="row">
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => actor.send(open ? { type: "filters.close" } : { type: "filters.open", current })}
        >
          {t("doctorSearch.filters.toggle")}
          {count > 0 ? (
            <span className="badge">
              <span aria-hidden="true">{count}</span>
              <span className="visually-hidden">{t("doctorSearch.filters.active", { count })}</span>
            </span>
          ) : null}
        </button>
        {count > 0 && !open ? (
          <Button variant="ghost" size="small" onClick={() => actor.send({ type: "filters.clear" })}>
            {t("doctorSearch.filters.clear")}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={panelId} className="card filters-panel">
          <fieldset className="filters-specialties">
            <legend>{t("doctorSearch.filters.specialties")}</legend>
            <div className="filters-options" role="group">
              {SPECIALTY_CODES.map((code) => (
                <label key={code} className="checkbox-field">
                  <input type="checkbox" checked={draft.specialties.includes(code)} onChange={() => actor.send({ type: "filters.toggleSpecialty", code })} />
                  <span>{specialtyLabel(t, { code, label: code })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="stack">
            <label className="field">
              <span className="field-label">{t("doctorSearch.filters.location")}</span>
              <select className="native-select" value={draft.location} onChange={(e) => actor.send({ type: "filters.setLocation", location: e.target.value })}>
                <option value="">{t("doctorSearch.filters.anyLocation")}</option>
                <optgroup label={t("doctorSearch.countries.SENEGAL")}>
                  {REGIONS.map((r) => (
                    <option key={r.key} value={r.value}>
                      {t(`regions.${r.key}`)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("doctorSearch.countries.CHAD")}>
                  {CHAD_CITIES.map((c) => (
                    <option key={c.key} value={c.value}>
                      {t(`doctorSearch.chadCities.${c.key}`)}
                    </option>
                  ))}
                </optgroup>
                {locations.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="filters-rating">
              <legend>{t("doctorSearch.filters.rating")}</legend>
              <div className="row">
                {[null, ...RATING_FILTERS].map((rating) => (
                  <label key={rating ?? "any"} className="checkbox-field">
                    <input
                      type="radio"
                      name={`${panelId}-rating`}
                      checked={draft.rating === rating}
                      onChange={() => actor.send({ type: "filters.setRating", rating })}
                    />
                    <span>
                      {rating === null
                        ? t("doctorSearch.filters.anyRating")
                        : t("doctorSearch.filters.ratingAtLeast", { rating: formatRating(rating, language) })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="field">
              <span className="field-label">{t("doctorSearch.filters.language")}</span>
              <select
                className="native-select"
                value={draft.language ?? ""}
                onChange={(e) => actor.send({ type: "filters.setLanguage", language: (e.target.value || null) as SpokenLanguage | null })}
              >
                <option value="">{t("doctorSearch.filters.anyLanguage")}</option>
                {LANGUAGE_FILTERS.map((l) => (
                  <option key={l} value={l}>
                    {t(`doctorSearch.language.${l}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="row filters-actions">
            <Button onClick={() => actor.send({ type: "filters.apply" })}>{t("doctorSearch.filters.apply")}</Button>
            <Button variant="secondary" onClick={() => actor.send({ type: "filters.clear" })}>
              {t("doctorSearch.filters.clear")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
