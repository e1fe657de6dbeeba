import { Hono, type Context } from "hono"
import { Id } from "../../schemas/fields.ts"
import { ReactionInput, ReviewInput } from "../../schemas/review.ts"
import { optionalCaller, requireCaller, requirePatient } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { readBody, readParam } from "../http/validate.ts"
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

/** Only patients write reviews; a doctor is told why (SPEC §6: no self review). */
async function requireReviewer(c: Context<AppEnv>, doctorId: string) {
  const caller = await requireCaller(c)
  if (caller.role === "DOCTOR") {
    if (caller.doctorId === doctorId) throw new ApiError("DOCTOR_SELF_REVIEW_NOT_ALLOWED", "Doctors cannot review themselves")
    throw new ApiError("ROLE_NOT_MATCH", "Only patients write reviews")
  }
  return requirePatient(c)
}

/** Access policy: a review is changed only by its author, and never while it is the featured one (SPEC §4). */
async function ownReview(c: Context<AppEnv>, caller: Caller & { patientId: string }) {
  const id = readParam(c, "id", Id)
  const review = await findReview(c.get("deps").db, id)
  if (!review) throw new ApiError("REVIEW_NOT_FOUND")
  if (review.patientId !== caller.patientId) throw forbidden("This review is not yours")
  if (review.isFeatured) throw forbidden("The featured review cannot be changed")
  return review
}

/** Doctor reviews and reactions (SPEC §4, §6, §7). */
export function reviewsRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/reviews/doctor/:doctorId", async (c) => {
    const doctorId = readParam(c, "doctorId", Id)
    const { db } = c.get("deps")
    await requireDoctorExists(db, doctorId)
    const caller = await optionalCaller(c)
    return c.json(await listDoctorReviews(db, doctorId, caller ? { userId: caller.userId, patientId: caller.patientId } : null))
  })

  app.post("/reviews", async (c) => {
    const body = await readBody(c, ReviewInput)
    const caller = await requireReviewer(c, body.doctorId)
    if (body.patientId !== caller.patientId) throw forbidden("A patient reviews in their own name")
    const { db } = c.get("deps")
    await requireDoctorExists(db, body.doctorId)
    const eligibility = await reviewEligibility(db, body.doctorId, caller.patientId)
    if (eligibility === "noAppointment") throw new ApiError("MISSING_APPOINTMENT_WITH_DOCTOR", "Only patients who have seen this doctor can review them")
    if (eligibility === "alreadyReviewed") throw new ApiError("DUPLICATE_ENTRY", "You have already reviewed this doctor")
    const id = await createReview(db, { doctorId: body.doctorId, patientId: caller.patientId, rating: body.rating, comment: body.comment.trim() })
    return c.json(await loadReview(db, id, caller.userId), 201)
  })

  app.put("/reviews/delete/:id", async (c) => {
    const caller = await requirePatient(c)
    const review = await ownReview(c, caller)
    const { db } = c.get("deps")
    await softDeleteReview(db, review)
    return c.json({ ok: true as const })
  })

  app.put("/reviews/:id", async (c) => {
    const body = await readBody(c, ReviewInput)
    const caller = await requireReviewer(c, body.doctorId)
    const review = await ownReview(c, caller)
    if (body.doctorId !== review.doctorId || body.patientId !== caller.patientId) throw forbidden("The review's doctor and author do not change")
    const { db } = c.get("deps")
    await updateReview(db, review, { rating: body.rating, comment: body.comment.trim() })
    return c.json(await loadReview(db, review.id, caller.userId))
  })

  /** Hard delete: defined by SPEC §7 but not used by the interface. */
  app.delete("/reviews/:id", async (c) => {
    const caller = await requirePatient(c)
    const review = await ownReview(c, caller)
    const { db } = c.get("deps")
    await deleteReview(db, review)
    return c.json({ ok: true as const })
  })

  /**
   * Like or dislike someone else's review, signed in. Reactions are kept per user; `patientId`
   * must be the caller's for a patient. The same reaction twice is DUPLICATE_REACTION; the other
   * one replaces it.
   */
  app.post("/reviews/reactions", async (c) => {
    const caller = await requireCaller(c)
    const body = await readBody(c, ReactionInput)
    if (caller.patientId && body.patientId !== caller.patientId) throw forbidden("A patient reacts in their own name")
    const { db } = c.get("deps")
    const review = await findReview(db, body.reviewId)
    if (!review) throw new ApiError("REVIEW_NOT_FOUND")
    if (caller.patientId === review.patientId) throw forbidden("You cannot react to your own review")
    const existing = await findReaction(db, review.id, caller.userId)
    if (existing?.reactionType === body.reactionType) throw new ApiError("DUPLICATE_REACTION", "You have already reacted this way")
    try {
      await saveReaction(db, { reviewId: review.id, userId: caller.userId, reactionType: body.reactionType }, existing)
    } catch (error) {
      if (isUniqueViolation(error, "review_reactions_review_user_key")) throw new ApiError("DUPLICATE_REACTION", "You have already reacted")
      throw error
    }
    return c.json(await loadReview(db, review.id, caller.userId), existing ? 200 : 201)
  })

  /** Takes one's reaction back (REACTION_NOT_FOUND when there is none). */
  app.delete("/reviews/reactions/:id", async (c) => {
    const caller = await requireCaller(c)
    const reviewId = readParam(c, "id", Id)
    const { db } = c.get("deps")
    if (!(await removeReaction(db, reviewId, caller.userId))) throw new ApiError("REACTION_NOT_FOUND")
    return c.json(await loadReview(db, reviewId, caller.userId))
  })

  return app
}
