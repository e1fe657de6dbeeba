import { Hono, type Context } from "hono"
import * as reviews from "../../schemas/contracts/reviews.ts"
import { requireCaller, requirePatient } from "../http/auth.ts"
import type { Db } from "../db/client.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { route, withStatus } from "../http/contract.ts"
import { writesDoctor } from "../http/readCache.ts"
import { isUniqueViolation } from "../repositories/appointmentRules.ts"
import {
  createReview,
  deleteReview,
  findReaction,
  findReview,
  listDoctorReviews,
  loadReview,
  removeReaction,
  reviewEligibility,
  saveReaction,
  softDeleteReview,
  updateReview,
} from "../repositories/reviews.ts"
import { requireDoctorExists } from "../repositories/doctors.ts"
import type { DoctorId, PatientId, ReviewId, UserId } from "../../schemas/ids.ts"

/** Only patients write reviews; a doctor is told why (SPEC §6: no self review). */
async function requireReviewer(c: Context<AppEnv>, doctorId: DoctorId) {
  const caller = await requireCaller(c)
  if (caller.role === "DOCTOR") {
    if (caller.doctorId === doctorId) throw new ApiError("DOCTOR_SELF_REVIEW_NOT_ALLOWED", "Doctors cannot review themselves")
    throw new ApiError("ROLE_NOT_MATCH", "Only patients write reviews")
  }
  return requirePatient(c)
}

/** Access policy: a review is changed only by its author, and never while it is the featured one (SPEC §4). */
async function ownReview(c: Context<AppEnv>, caller: Caller & { patientId: PatientId }, id: ReviewId) {
  const review = await findReview(c.get("deps").db, id)
  if (!review) throw new ApiError("REVIEW_NOT_FOUND")
  if (review.patientId !== caller.patientId) throw forbidden("This review is not yours")
  if (review.isFeatured) throw forbidden("The featured review cannot be changed")
  return review
}

/** The review as the viewer sees it; one that is gone (withdrawn meanwhile) is REVIEW_NOT_FOUND, never an empty answer. */
async function reviewFor(db: Db, reviewId: ReviewId, viewerUserId: UserId) {
  const review = await loadReview(db, reviewId, viewerUserId)
  if (!review) throw new ApiError("REVIEW_NOT_FOUND")
  return review
}

/** Doctor reviews and reactions (SPEC §4, §6, §7). */
export function reviewsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, reviews.getDoctorReviews, {
    handle: async ({ c, params, optionalCaller }) => {
      const { db } = c.get("deps")
      await requireDoctorExists(db, params.doctorId)
      const caller = await optionalCaller()
      return listDoctorReviews(db, params.doctorId, caller ? { userId: caller.userId, patientId: caller.patientId } : null)
    },
  })

  route(app, reviews.addReview, {
    handle: async ({ c, body }) => {
      const caller = await requireReviewer(c, body.doctorId)
      if (body.patientId !== caller.patientId) throw forbidden("A patient reviews in their own name")
      const { db } = c.get("deps")
      await requireDoctorExists(db, body.doctorId)
      const eligibility = await reviewEligibility(db, body.doctorId, caller.patientId)
      if (eligibility === "noAppointment") throw new ApiError("MISSING_APPOINTMENT_WITH_DOCTOR", "Only patients who have seen this doctor can review them")
      if (eligibility === "alreadyReviewed") throw new ApiError("DUPLICATE_ENTRY", "You have already reviewed this doctor")
      writesDoctor(c, body.doctorId)
      const id = await createReview(db, { doctorId: body.doctorId, patientId: caller.patientId, rating: body.rating, comment: body.comment.trim() })
      return reviewFor(db, id, caller.userId)
    },
  })

  // Withdrawing or deleting: the policy finds the caller's own review.
  const authored = async ({ c, params }: { c: Context<AppEnv>; params: { id: ReviewId } }) => ownReview(c, await requirePatient(c), params.id)

  route(app, reviews.softDeleteReview, {
    policy: authored,
    handle: async ({ c, granted }) => {
      writesDoctor(c, granted.doctorId)
      await softDeleteReview(c.get("deps").db, granted)
      return { ok: true as const }
    },
  })

  route(app, reviews.updateReview, {
    handle: async ({ c, params, body }) => {
      const caller = await requireReviewer(c, body.doctorId)
      const review = await ownReview(c, caller, params.id)
      if (body.doctorId !== review.doctorId || body.patientId !== caller.patientId) throw forbidden("The review's doctor and author do not change")
      const { db } = c.get("deps")
      writesDoctor(c, review.doctorId)
      await updateReview(db, review, { rating: body.rating, comment: body.comment.trim() })
      return reviewFor(db, review.id, caller.userId)
    },
  })

  /** Hard delete: defined by SPEC §7 but not used by the interface. */
  route(app, reviews.deleteReview, {
    policy: authored,
    handle: async ({ c, granted }) => {
      writesDoctor(c, granted.doctorId)
      await deleteReview(c.get("deps").db, granted)
      return { ok: true as const }
    },
  })

  /**
   * Like or dislike someone else's review, signed in. Reactions are kept per user; `patientId`
   * must be the caller's for a patient. The same reaction twice is DUPLICATE_REACTION; the other
   * one replaces it.
   */
  route(app, reviews.reactToReview, {
    handle: async ({ c, caller, body }) => {
      if (caller.patientId && body.patientId !== caller.patientId) throw forbidden("A patient reacts in their own name")
      const { db } = c.get("deps")
      const review = await findReview(db, body.reviewId)
      if (!review) throw new ApiError("REVIEW_NOT_FOUND")
      if (caller.patientId === review.patientId) throw forbidden("You cannot react to your own review")
      writesDoctor(c, review.doctorId)
      const existing = await findReaction(db, review.id, caller.userId)
      if (existing?.reactionType === body.reactionType) throw new ApiError("DUPLICATE_REACTION", "You have already reacted this way")
      try {
        await saveReaction(db, { reviewId: review.id, userId: caller.userId, reactionType: body.reactionType }, existing)
      } catch (error) {
        if (isUniqueViolation(error, "review_reactions_review_user_key")) throw new ApiError("DUPLICATE_REACTION", "You have already reacted")
        throw error
      }
      const answer = await reviewFor(db, review.id, caller.userId)
      return existing ? withStatus(answer, 200) : answer
    },
  })

  /** Takes one's reaction back (REACTION_NOT_FOUND when there is none). */
  route(app, reviews.takeBackReaction, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      if (!(await removeReaction(db, params.id, caller.userId))) throw new ApiError("REACTION_NOT_FOUND")
      const review = await reviewFor(db, params.id, caller.userId)
      writesDoctor(c, review.doctorId)
      return review
    },
  })

  return app
}
