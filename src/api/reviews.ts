import { queryOptions, type QueryClient } from "@tanstack/react-query"
import * as reviews from "../../schemas/contracts/reviews.ts"
import type { ReactionInput, ReviewInput } from "../../schemas/review.ts"
import { callApi } from "./client.ts"
import type { DoctorId, ReviewId } from "../../schemas/ids.ts"

export const reviewKeys = {
  doctor: (doctorId: DoctorId) => ["reviews", doctorId] as const,
}

/**
 * After a review is published, edited or deleted: its list, and the doctor's count and average
 * shown by the profile (doctorQuery) and the search cards, are read again.
 */
export function refreshAfterReview(queryClient: QueryClient, doctorId: DoctorId): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.doctor(doctorId) }),
    // The keys of doctorQuery and doctorSearchQuery (src/api/doctors.ts), not imported: that module is not in this chunk.
    queryClient.invalidateQueries({ queryKey: ["doctors", "detail", doctorId] }),
    queryClient.invalidateQueries({ queryKey: ["doctors", "search"] }),
  ])
}

/** GET /reviews/doctor/{id}: reviews, summary, featured review and whether the caller may add one. */
export const reviewsQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: reviewKeys.doctor(doctorId),
    queryFn: ({ signal }) => callApi(reviews.getDoctorReviews, { params: { doctorId }, signal }),
  })

export const addReview = (body: ReviewInput) => callApi(reviews.addReview, { body })

export const updateReview = (reviewId: ReviewId, body: ReviewInput) => callApi(reviews.updateReview, { params: { id: reviewId }, body })

/** The soft delete the interface uses (SPEC §7). */
export const deleteReview = (reviewId: ReviewId) => callApi(reviews.softDeleteReview, { params: { id: reviewId } })

export const reactToReview = (body: ReactionInput) => callApi(reviews.reactToReview, { body })

export const takeBackReaction = (reviewId: ReviewId) => callApi(reviews.takeBackReaction, { params: { id: reviewId } })
