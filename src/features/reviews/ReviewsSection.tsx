import { useQueryClient } from "@tanstack/react-query"
import { useHydrated } from "@tanstack/react-router"
import { lazy, Suspense, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../schemas/doctor.ts"
import { formatRating } from "../../i18n/format.ts"
import { ensureTexts } from "../../i18n/i18n.ts"
import type { Language } from "../../i18n/languages.ts"
import { StarRating } from "../../ui/StarRating.tsx"
import "./reviews.css"
import { ChevronDownIcon } from "../../ui/frameIcons.tsx"
import { ChevronUpIcon } from "../../ui/icons.tsx"

await ensureTexts(["reviews"])

export interface ReviewsSectionProps {
  doctor: Doctor
}

// What the open section shows (its forms, dialogs and their machines, 36 kB) loads on the first
// opening, with the reviews themselves: the profile's first load, and its takeover, do without it.
const ReviewsPanel = lazy(() => import("./ReviewsPanel.tsx"))

/**
 * The collapsible reviews section of a doctor's profile (SPEC §2, §4): loaded when first opened;
 * the rating summary, the featured review, the 3 most recent then all, adding a review for a
 * patient who may, editing and deleting one's own, liking and disliking others'.
 */
export default function ReviewsSection({ doctor }: ReviewsSectionProps) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  // In a page the server drew, this section comes to life only once its own chunk has arrived,
  // after the rest of the page: until then a tap on its button would be dropped.
  const live = useHydrated()
  const queryClient = useQueryClient()
  const toggle = () => {
    // The reviews are asked for beside the panel's code, not once it has arrived.
    if (!open) void import("../../api/reviews.ts").then(({ reviewsQuery }) => queryClient.prefetchQuery(reviewsQuery(doctor.id)))
    setOpen(!open)
  }
  return (
    <section className="card stack reviews-section" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="reviews-title">
        <button type="button" className="reviews-toggle" aria-expanded={open} aria-controls={panelId} disabled={!live} onClick={toggle}>
          <span>{t("reviews.title")}</span>
          <span className="reviews-toggle-meta">
            <StarRating rating={doctor.averageRate} size={16} />
            <span>{`${formatRating(doctor.averageRate, i18n.language as Language)} · ${t("reviews.count", { count: doctor.reviewCount })}`}</span>
          </span>
          <span aria-hidden="true" className="reviews-chevron">
            {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
          </span>
        </button>
      </h2>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={<p className="muted">{t("common.loading")}</p>}>
            <ReviewsPanel doctor={doctor} />
          </Suspense>
        </div>
      ) : null}
    </section>
  )
}
