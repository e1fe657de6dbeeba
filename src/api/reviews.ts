import { queryOptions } from "@tanstack/react-query"
import { Review, ReviewListResponse, type ReactionInput, type ReviewInput } from "../../schemas/review.ts"
import { OkResponse } from "../../schemas/session.ts"
import { apiRequest } from "./client.ts"

export const reviewKeys = {
  doctor: (doctorId: string) => ["reviews", doctorId] as const,
}

/** GET /reviews/doctor/{id}: reviews, summary, featured review and whether the caller may add one. */
export const reviewsQuery = (doctorId: string) =>
  queryOptions({
    queryKey: reviewKeys.doctor(doctorId),
    queryFn: ({ signal }) => apiRequest(ReviewListResponse, `/reviews/doctor/${encodeURIComponent(doctorId)}`, { signal }),
  })

export const addReview = (body: ReviewInput) => apiRequest(Review, "/reviews", { method: "POST", body })

export const updateReview = (reviewId: string, body: ReviewInput) => apiRequest(Review, `/reviews/${encodeURIComponent(reviewId)}`, { method: "PUT", body })

/** The soft delete the interface uses (SPEC §7). */
export const deleteReview = (reviewId: string) => apiRequest(OkResponse, `/reviews/delete/${encodeURIComponent(reviewId)}`, { method: "PUT" })

export const reactToReview = (body: ReactionInput) => apiRequest(Review, "/reviews/reactions", { method: "POST", body })

export const takeBackReaction = (reviewId: string) => apiRequest(Review, `/reviews/reactions/${encodeURIComponent(reviewId)}`, { method: "DELETE" })
