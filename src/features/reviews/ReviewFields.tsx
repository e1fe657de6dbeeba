import { useTranslation } from "react-i18next"
import type { ReviewDraft } from "../../../machines/reviewCard.machine.ts"
import { validationMessage } from "../../i18n/validationMessage.ts"
import { TextAreaField } from "../../ui/Field.tsx"
import { StarInput } from "../../ui/StarRating.tsx"

/** The rating stars and the comment of a review, with their messages, for adding and editing. */
export function ReviewFields({
  draft,
  onChange,
  errorOf,
}: {
  draft: ReviewDraft
  onChange: (patch: Partial<ReviewDraft>) => void
  errorOf: (name: string) => string | undefined
}) {
  const { t } = useTranslation()
  return (
    <>
      <StarInput label={t("reviews.yourRating")} value={draft.rating} onChange={(rating) => onChange({ rating })} />
      {errorOf("rating") ? (
        <span className="field-error" role="alert">
          {validationMessage(t, errorOf("rating")!)}
        </span>
      ) : null}
      <TextAreaField
        label={t("reviews.yourComment")}
        rows={4}
        maxLength={600}
        value={draft.comment}
        hint={t("reviews.commentHint", { count: draft.comment.trim().length })}
        onChange={(e) => onChange({ comment: e.target.value })}
        error={errorOf("comment")}
      />
    </>
  )
}
