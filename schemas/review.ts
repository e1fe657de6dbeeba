import * as Schema from "effect/Schema"
import { ReactionType } from "./enums.ts"
import { LIMITS, MultilineText } from "./fields.ts"
import { DoctorId, PatientId, ReviewId, uuid } from "./ids.ts"

export const Review = Schema.Struct({
  id: ReviewId,
  doctorId: DoctorId,
  comment: Schema.String,
  rating: Schema.Number,
  postedDate: Schema.String,
  reviewer: Schema.Struct({ id: PatientId, firstName: Schema.String, lastName: Schema.String }),
  reactionCount: Schema.Array(Schema.Struct({ reactionType: ReactionType, count: Schema.Int })),
  /** The caller's own reaction, when signed in. */
  myReaction: Schema.NullOr(ReactionType),
})
export type Review = typeof Review.Type

export const ReviewSummary = Schema.Struct({
  one: Schema.Int,
  two: Schema.Int,
  three: Schema.Int,
  four: Schema.Int,
  five: Schema.Int,
})
export type ReviewSummary = typeof ReviewSummary.Type

export const ReviewListResponse = Schema.Struct({
  currentUserCanAddComment: Schema.Boolean,
  reviews: Schema.Array(Review),
  reviewSummary: ReviewSummary,
  featuredReview: Schema.NullOr(Review),
})
export type ReviewListResponse = typeof ReviewListResponse.Type

/** The comment is trimmed before its length is checked (SPEC §5). */
export const ReviewComment = MultilineText.check(
  Schema.makeFilter((s: string) => s.trim().length >= LIMITS.commentMin, { message: "validation.commentMinCharacters" }),
  Schema.makeFilter((s: string) => s.trim().length <= LIMITS.commentMax, { message: "validation.commentMaxCharacters" }),
)

export const ReviewRating = Schema.Number.check(
  Schema.isGreaterThanOrEqualTo(LIMITS.ratingMin, { message: "validation.ratingMin" }),
  Schema.isLessThanOrEqualTo(LIMITS.ratingMax, { message: "validation.ratingMax" }),
  Schema.isInt({ message: "validation.ratingMin" }),
)

export const ReviewInput = Schema.Struct({
  patientId: uuid(PatientId),
  doctorId: uuid(DoctorId),
  rating: ReviewRating,
  comment: ReviewComment,
})
export type ReviewInput = typeof ReviewInput.Type

export const ReactionInput = Schema.Struct({
  reviewId: uuid(ReviewId),
  patientId: uuid(PatientId),
  reactionType: ReactionType,
})
export type ReactionInput = typeof ReactionInput.Type
