import { useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { reviewCardMachine, type ReviewCardInput } from "../../../machines/reviewCard.machine.ts"
import type { ReactionType } from "../../../schemas/enums.ts"
import { deleteReview, reactToReview, refreshAfterReview, takeBackReaction, updateReview } from "../../api/reviews.ts"
import { formatDate } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { StarRating } from "../../ui/StarRating.tsx"
import { ReviewFields } from "./ReviewFields.tsx"
import { useFlowActor } from "../../dev/useFlowActor.ts"
import { ThumbDownIcon, ThumbUpIcon } from "../../ui/icons.tsx"
import { NO_ID } from "../../../schemas/ids.ts"

/** One review: view, edit, delete with confirmation, like and dislike (machines/reviewCard.machine.ts). */
export function ReviewCard(props: ReviewCardInput) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const viewer = props.viewerPatientId
  const actor = useFlowActor(
    reviewCardMachine.provide({
      actors: {
        updateReview: fromPromise(({ input }) =>
          updateReview(input.review.id, {
            patientId: viewer ?? NO_ID,
            doctorId: input.review.doctorId,
            rating: input.draft.rating,
            comment: input.draft.comment,
          }),
        ),
        deleteReview: fromPromise(async ({ input }) => {
          await deleteReview(input.reviewId)
        }),
        react: fromPromise(({ input }) =>
          input.remove
            ? takeBackReaction(input.reviewId)
            : reactToReview({ reviewId: input.reviewId, patientId: viewer ?? NO_ID, reactionType: input.reactionType }),
        ),
      },
      actions: {
        onChanged: () => void refreshAfterReview(queryClient, props.review.doctorId),
        // SPEC §8: review update, delete and reaction failures are logged only.
        logFailure: (_, { error }) => console.warn("[promed] review action failed", error),
      },
    }),
    { input: props },
  )
  const state = useSelector(actor, (s) => String(s.value))
  const review = useSelector(actor, (s) => s.context.review)
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, (s) => s.context.errors)
  const canModify = useSelector(actor, (s) => s.can({ type: "review.edit" }))
  const canReact = props.signedIn && viewer !== review.reviewer.id
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const countOf = (type: ReactionType) => review.reactionCount.find((r) => r.reactionType === type)?.count ?? 0
  const author = `${review.reviewer.firstName} ${review.reviewer.lastName.slice(0, 1)}.`

  if (state === "deleted") return null
  const editing = state === "editing" || state === "saving"

  return (
    <article className={`review-card${props.isFeatured ? " review-featured" : ""}`} aria-label={t("reviews.by", { name: author })}>
      <header className="review-head">
        <div>
          <strong>{author}</strong>
          {props.isFeatured ? <span className="badge badge-success">{t("reviews.featured")}</span> : null}
          <div className="muted review-date">{formatDate(review.postedDate, i18n.language as Language)}</div>
        </div>
        {editing ? null : <StarRating rating={review.rating} />}
      </header>
      {editing ? (
        <form
          className="stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "review.save" })
          }}
        >
          <ReviewFields draft={draft} onChange={(patch) => actor.send({ type: "review.change", draft: patch })} errorOf={errorOf} />
          <div className="row">
            <Button variant="secondary" size="small" onClick={() => actor.send({ type: "review.cancel" })} disabled={state === "saving"}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" size="small" loading={state === "saving"}>
              {t("common.save")}
            </Button>
          </div>
        </form>
      ) : (
        <p className="review-comment">{review.comment}</p>
      )}
      {editing ? null : (
        <footer className="row review-actions">
          {(["LIKE", "DISLIKE"] as const).map((type) => (
            <Button
              key={type}
              variant="ghost"
              size="small"
              aria-pressed={review.myReaction === type}
              disabled={!canReact || state === "reacting"}
              title={canReact ? undefined : props.signedIn ? t("reviews.ownReview") : t("reviews.signInToReact")}
              aria-label={`${t(type === "LIKE" ? "reviews.like" : "reviews.dislike")} (${countOf(type)})`}
              onClick={() => actor.send({ type: "review.react", reactionType: type })}
            >
              {type === "LIKE" ? <ThumbUpIcon /> : <ThumbDownIcon />} {countOf(type)}
            </Button>
          ))}
          {canModify ? (
            <>
              <Button variant="ghost" size="small" onClick={() => actor.send({ type: "review.edit" })}>
                {t("reviews.edit")}
              </Button>
              <Button variant="ghost" size="small" onClick={() => actor.send({ type: "review.delete" })}>
                {t("reviews.delete")}
              </Button>
            </>
          ) : null}
        </footer>
      )}
      <ConfirmDialog
        open={state === "confirmingDelete" || state === "deleting"}
        title={t("reviews.deleteTitle")}
        description={t("reviews.deleteQuestion")}
        confirmLabel={t("reviews.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        destructive
        busy={state === "deleting"}
        onConfirm={() => actor.send({ type: "review.confirmDelete" })}
        onCancel={() => actor.send({ type: "review.cancel" })}
      />
    </article>
  )
}
