import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { draftErrors, type ReviewDraft } from "../../../machines/reviewCard.machine.ts"
import type { FieldError } from "../../../schemas/errors.ts"
import type { Review } from "../../../schemas/review.ts"
import { addReview, refreshAfterReview } from "../../api/reviews.ts"
import { Button } from "../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { useFormSave } from "../account/useFormSave.ts"
import { ReviewFields } from "./ReviewFields.tsx"
import type { DoctorId, PatientId } from "../../../schemas/ids.ts"
import { failureText } from "../../errors/failureText.ts"

/** A new review: rating from 0 (none chosen yet) and a comment of 20 to 512 characters; the list reloads after. */
export function AddReviewForm({ doctorId, patientId }: { doctorId: DoctorId; patientId: PatientId }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<ReviewDraft>({ rating: 0, comment: "" })
  const [errors, setErrors] = useState<ReadonlyArray<FieldError>>([])
  const form = useFormSave<ReviewDraft, Review>({
    save: (values) => addReview({ patientId, doctorId, rating: values.rating, comment: values.comment.trim() }),
    onSaved: () => {
      toast.success(t("reviews.added"), TOAST_DURATION.normal)
      void refreshAfterReview(queryClient, doctorId)
    },
    // SPEC §8: a failed add is logged only; the form says it did not go through and keeps the text.
    onFailed: (error) => console.warn("[promed] review add failed", error),
    returnDelay: 0,
  })
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const change = (patch: Partial<ReviewDraft>) => {
    setDraft({ ...draft, ...patch })
    setErrors(errors.filter((e) => !(e.name in patch)))
    form.edit()
  }
  return (
    <form
      className="card stack review-form"
      noValidate
      aria-labelledby="add-review-title"
      onSubmit={(e) => {
        e.preventDefault()
        const found = draftErrors(draft)
        setErrors(found)
        if (found.length === 0) form.submit(draft)
      }}
    >
      <h3 id="add-review-title">{t("reviews.addTitle")}</h3>
      <ReviewFields draft={draft} onChange={change} errorOf={errorOf} />
      {form.error ? (
        <p className="alert alert-danger" role="alert">
          {failureText(t, form.error, t("reviews.addFailed"))}
        </p>
      ) : null}
      <div className="row">
        <Button type="submit" loading={form.busy}>
          {t("reviews.publish")}
        </Button>
      </div>
    </form>
  )
}
