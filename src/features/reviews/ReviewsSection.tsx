import { useQuery } from "@tanstack/react-query"
import { useHydrated } from "@tanstack/react-router"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../schemas/doctor.ts"
import { reviewsQuery } from "../../api/reviews.ts"
import { formatRating } from "../../i18n/format.ts"
import { ensureTexts } from "../../i18n/i18n.ts"
import type { Language } from "../../i18n/languages.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { StarRating } from "../../ui/StarRating.tsx"
import { AddReviewForm } from "./AddReviewForm.tsx"
import { RatingSummary } from "./RatingSummary.tsx"
import { ReviewCard } from "./ReviewCard.tsx"
import "./reviews.css"
import { ChevronDownIcon } from "../../ui/frameIcons.tsx"
import { ChevronUpIcon } from "../../ui/icons.tsx"

await ensureTexts(["reviews"])

export interface ReviewsSectionProps {
  doctor: Doctor
}

/** The i18next context of a doctor's civility: texts that say "him" or "her" (none when unknown). */
const CONTEXT_OF = { MAN: "male", WOMAN: "female", NONE: undefined } as const

/** Reviews shown before "show more" (SPEC §4, §9). */
export const COLLAPSED_COUNT = 3

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
  return (
    <section className="card stack reviews-section" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="reviews-title">
        <button type="button" className="reviews-toggle" aria-expanded={open} aria-controls={panelId} disabled={!live} onClick={() => setOpen(!open)}>
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
          <ReviewsPanel doctor={doctor} />
        </div>
      ) : null}
    </section>
  )
}

function ReviewsPanel({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  const user = useSessionUser()
  const patientId = user?.metadata.patient?.id ?? null
  const reviews = useQuery(reviewsQuery(doctor.id))
  const [showAll, setShowAll] = useState(false)
  if (reviews.isPending) return <p className="muted">{t("common.loading")}</p>
  if (reviews.isError) {
    return (
      <div className="alert alert-danger row" role="alert">
        <span>{t("reviews.loadFailed")}</span>
        <Button variant="secondary" size="small" onClick={() => void reviews.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    )
  }
  const { featuredReview, currentUserCanAddComment, reviewSummary } = reviews.data
  const others = reviews.data.reviews.filter((r) => r.id !== featuredReview?.id).sort((a, b) => b.postedDate.localeCompare(a.postedDate))
  const shown = showAll ? others : others.slice(0, COLLAPSED_COUNT)
  const card = (review: (typeof others)[number], isFeatured: boolean) => (
    <ReviewCard key={JSON.stringify(review)} review={review} isFeatured={isFeatured} viewerPatientId={patientId} signedIn={user !== null} />
  )
  return (
    <div className="stack">
      <RatingSummary summary={reviewSummary} />
      {currentUserCanAddComment && patientId ? <AddReviewForm doctorId={doctor.id} patientId={patientId} /> : null}
      {!currentUserCanAddComment && patientId ? (
        <p className="muted">{t("reviews.afterAppointment", { context: CONTEXT_OF[doctor.civility ?? "NONE"] })}</p>
      ) : null}
      {featuredReview ? card(featuredReview, true) : null}
      {others.length === 0 && !featuredReview ? <p className="muted">{t("reviews.none")}</p> : null}
      <div className="stack">{shown.map((r) => card(r, false))}</div>
      {others.length > COLLAPSED_COUNT ? (
        <div>
          <Button variant="secondary" size="small" onClick={() => setShowAll(!showAll)}>
            {showAll ? t("reviews.showLess") : t("reviews.showMore", { count: others.length - COLLAPSED_COUNT })}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
