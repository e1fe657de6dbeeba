import { endpoint } from "../contract.ts"
import { DoctorId, ReviewId, uuid } from "../ids.ts"
import { ReactionInput, Review, ReviewInput, ReviewListResponse } from "../review.ts"
import { OkResponse } from "../session.ts"

/*
 * Doctor reviews and reactions (SPEC §4, §6, §7). Handlers: server/routes/reviews.ts; client:
 * src/api/reviews.ts. A review is changed only by its author, never while featured.
 */

/** Writing is for patients, but the handler decides the role: a doctor is told why (DOCTOR_SELF_REVIEW_NOT_ALLOWED for their own page, SPEC §6). */
const writerRefusals = ["ROLE_NOT_MATCH", "DOCTOR_SELF_REVIEW_NOT_ALLOWED", "PATIENT_NOT_FOUND", "FORBIDDEN_ACTION"] as const
const ownReview = ["REVIEW_NOT_FOUND", "FORBIDDEN_ACTION", "PATIENT_NOT_FOUND"] as const

/** Reviews, summary, featured review and whether the caller may add one. */
export const getDoctorReviews = endpoint({
  method: "GET",
  path: "/reviews/doctor/:doctorId",
  params: { doctorId: uuid(DoctorId) },
  response: ReviewListResponse,
  access: "public",
  errors: ["DOCTOR_NOT_FOUND"],
})

/** Only after an appointment with the doctor, once. */
export const addReview = endpoint({
  method: "POST",
  path: "/reviews",
  body: ReviewInput,
  response: Review,
  status: 201,
  access: "signedIn",
  errors: [...writerRefusals, "DOCTOR_NOT_FOUND", "MISSING_APPOINTMENT_WITH_DOCTOR", "DUPLICATE_ENTRY"],
})

export const updateReview = endpoint({
  method: "PUT",
  path: "/reviews/:id",
  params: { id: uuid(ReviewId) },
  body: ReviewInput,
  response: Review,
  access: "signedIn",
  errors: [...writerRefusals, ...ownReview],
})

/** The soft delete the interface uses. */
export const softDeleteReview = endpoint({
  method: "PUT",
  path: "/reviews/delete/:id",
  params: { id: uuid(ReviewId) },
  response: OkResponse,
  access: ["PATIENT"],
  errors: ownReview,
})

/** The hard delete: defined by SPEC §7, unused by the interface. */
export const deleteReview = endpoint({
  method: "DELETE",
  path: "/reviews/:id",
  params: { id: uuid(ReviewId) },
  response: OkResponse,
  access: ["PATIENT"],
  errors: ownReview,
})

/** Like or dislike someone else's review: 201 when made, 200 when it replaces the other reaction. */
export const reactToReview = endpoint({
  method: "POST",
  path: "/reviews/reactions",
  body: ReactionInput,
  response: Review,
  status: 201,
  access: "signedIn",
  errors: ["FORBIDDEN_ACTION", "REVIEW_NOT_FOUND", "DUPLICATE_REACTION"],
})

/** Takes one's reaction back. */
export const takeBackReaction = endpoint({
  method: "DELETE",
  path: "/reviews/reactions/:id",
  params: { id: uuid(ReviewId) },
  response: Review,
  access: "signedIn",
  errors: ["REACTION_NOT_FOUND", "REVIEW_NOT_FOUND"],
})
