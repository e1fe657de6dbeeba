import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../schemas/doctor.ts"
import { reviewsQuery } from "../../api/reviews.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { AddReviewForm } from "./AddReviewForm.tsx"
import { RatingSummary } from "./RatingSummary.tsx"
import { ReviewCard } from "./ReviewCard.tsx"
import { LoadFailed } from "../../ui/LoadFailed.tsx"

/** The i18next context of a doctor's civility: texts that say "him" or "her" (none when unknown). */
const CONTEXT_OF = { MAN: "male", WOMAN: "female", NONE: undefined } as const

/** Reviews shown before "show more" (SPEC §4, §9). */
export const COLLAPSED_COUNT = 3

/** The open reviews section: the summary, the featured review, the 3 most recent then all, the patient's form. */
export default function ReviewsPanel({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  const user = useSessionUser()
  const patientId = user?.metadata.patient?.id ?? null
  const reviews = useQuery(reviewsQuery(doctor.id))
  const [showAll, setShowAll] = useState(false)
  if (reviews.isPending) return <p className="muted">{t("common.loading")}</p>
  if (reviews.isError) {
    return <LoadFailed message={t("reviews.loadFailed")} error={reviews.error} onRetry={() => void reviews.refetch()} />
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
