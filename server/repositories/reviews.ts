import { and, desc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm"
import type { ReactionType } from "../../schemas/enums.ts"
import type { Review, ReviewListResponse, ReviewSummary } from "../../schemas/review.ts"
import type { Db } from "../db/client.ts"
import { appointments, patients, reviewReactions, reviews, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { DoctorId, PatientId, ReviewId, UserId } from "../../schemas/ids.ts"

type ReviewRow = typeof reviews.$inferSelect

const live = (doctorId: DoctorId) => and(eq(reviews.doctorId, doctorId), isNull(reviews.deletedAt))

/** Reviews of rows, with their author and reaction counts, and the caller's own reaction. */
async function toReviews(
  db: Db,
  rows: ReadonlyArray<{ review: ReviewRow; firstName: string; lastName: string }>,
  viewerUserId: UserId | null,
): Promise<Review[]> {
  const ids = rows.map((r) => r.review.id)
  const [counts, mine] = ids.length
    ? await Promise.all([
        db
          .select({ reviewId: reviewReactions.reviewId, type: reviewReactions.reactionType, count: sql<number>`count(*)::int` })
          .from(reviewReactions)
          .where(inArray(reviewReactions.reviewId, ids))
          .groupBy(reviewReactions.reviewId, reviewReactions.reactionType),
        viewerUserId
          ? db
              .select({ reviewId: reviewReactions.reviewId, type: reviewReactions.reactionType })
              .from(reviewReactions)
              .where(and(inArray(reviewReactions.reviewId, ids), eq(reviewReactions.userId, viewerUserId)))
          : Promise.resolve([]),
      ])
    : [[], []]
  const countOf = (id: string, type: ReactionType) => counts.find((c) => c.reviewId === id && c.type === type)?.count ?? 0
  return rows.map(({ review: r, firstName, lastName }) => ({
    id: r.id,
    doctorId: r.doctorId,
    comment: r.comment,
    rating: r.rating,
    postedDate: toUtcSeconds(r.postedDate),
    reviewer: { id: r.patientId, firstName, lastName },
    reactionCount: (["LIKE", "DISLIKE"] as const).map((reactionType) => ({ reactionType, count: countOf(r.id, reactionType) })),
    myReaction: mine.find((m) => m.reviewId === r.id)?.type ?? null,
  }))
}

function reviewQuery(db: Db) {
  return db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(patients, eq(patients.id, reviews.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
}

export async function findReview(db: Db, reviewId: ReviewId): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), isNull(reviews.deletedAt)))
  return row
}

export async function loadReview(db: Db, reviewId: ReviewId, viewerUserId: UserId | null): Promise<Review | undefined> {
  const rows = await reviewQuery(db).where(eq(reviews.id, reviewId))
  const [review] = await toReviews(db, rows, viewerUserId)
  return review
}

/**
 * Whether a patient may review a doctor: a past or current appointment with them (any status but
 * CANCELED, its time come) and no live review of that doctor yet.
 */
export async function reviewEligibility(
  db: Db,
  doctorId: DoctorId,
  patientId: PatientId,
  now: Date = new Date(),
): Promise<"eligible" | "noAppointment" | "alreadyReviewed"> {
  const [[seen], [reviewed]] = await Promise.all([
    db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          eq(appointments.patientId, patientId),
          ne(appointments.status, "CANCELED"),
          or(eq(appointments.status, "COMPLETE"), lte(appointments.appointmentTime, now)),
        ),
      )
      .limit(1),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(live(doctorId), eq(reviews.patientId, patientId)))
      .limit(1),
  ])
  if (!seen) return "noAppointment"
  return reviewed ? "alreadyReviewed" : "eligible"
}

/** GET /reviews/doctor/{id}: the live reviews newest first, the count per star and the featured one. */
export async function listDoctorReviews(
  db: Db,
  doctorId: DoctorId,
  viewer: { userId: UserId; patientId: PatientId | null } | null,
): Promise<ReviewListResponse> {
  const rows = await reviewQuery(db).where(live(doctorId)).orderBy(desc(reviews.postedDate), desc(reviews.id))
  const list = await toReviews(db, rows, viewer?.userId ?? null)
  const summary: { -readonly [K in keyof ReviewSummary]: number } = { one: 0, two: 0, three: 0, four: 0, five: 0 }
  const keys = ["one", "two", "three", "four", "five"] as const
  for (const r of rows) {
    const key = keys[Math.min(5, Math.max(1, Math.round(r.review.rating))) - 1]!
    summary[key] += 1
  }
  const featuredId = rows.find((r) => r.review.isFeatured)?.review.id
  return {
    currentUserCanAddComment: viewer?.patientId ? (await reviewEligibility(db, doctorId, viewer.patientId)) === "eligible" : false,
    reviews: list,
    reviewSummary: summary,
    featuredReview: list.find((r) => r.id === featuredId) ?? null,
  }
}

/** Keeps the doctor's average and count in step with the live reviews (they feed search and sort). */
export async function refreshDoctorRating(db: Db, doctorId: DoctorId): Promise<void> {
  await db.execute(sql`
    UPDATE doctors d SET
      average_rate = coalesce((SELECT avg(rating)::float8 FROM reviews WHERE doctor_id = d.id AND deleted_at IS NULL), d.average_rate),
      review_count = (SELECT count(*)::int FROM reviews WHERE doctor_id = d.id AND deleted_at IS NULL)
    WHERE d.id = ${doctorId}
  `)
}

/** Writes a patient's review of a doctor and refreshes the doctor's rating; answers the new review's id. */
export async function createReview(db: Db, review: { doctorId: DoctorId; patientId: PatientId; rating: number; comment: string }): Promise<ReviewId> {
  const [created] = await db.insert(reviews).values(review).returning({ id: reviews.id })
  await refreshDoctorRating(db, review.doctorId)
  return created!.id
}

/** Changes a review's rating and comment, and refreshes the doctor's rating. */
export async function updateReview(db: Db, review: Pick<ReviewRow, "id" | "doctorId">, change: { rating: number; comment: string }): Promise<void> {
  await db.update(reviews).set(change).where(eq(reviews.id, review.id))
  await refreshDoctorRating(db, review.doctorId)
}

/** Hides a review (kept, marked deleted), and refreshes the doctor's rating. */
export async function softDeleteReview(db: Db, review: Pick<ReviewRow, "id" | "doctorId">): Promise<void> {
  await db.update(reviews).set({ deletedAt: new Date() }).where(eq(reviews.id, review.id))
  await refreshDoctorRating(db, review.doctorId)
}

/** Removes a review for good, and refreshes the doctor's rating. */
export async function deleteReview(db: Db, review: Pick<ReviewRow, "id" | "doctorId">): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, review.id))
  await refreshDoctorRating(db, review.doctorId)
}

/** The reaction a user has given a review, or undefined. */
export async function findReaction(db: Db, reviewId: ReviewId, userId: UserId): Promise<typeof reviewReactions.$inferSelect | undefined> {
  const [reaction] = await db
    .select()
    .from(reviewReactions)
    .where(and(eq(reviewReactions.reviewId, reviewId), eq(reviewReactions.userId, userId)))
  return reaction
}

/** Gives a user's reaction to a review, replacing `existing` (their other one) when there is one. */
export async function saveReaction(
  db: Db,
  reaction: { reviewId: ReviewId; userId: UserId; reactionType: ReactionType },
  existing: { id: string } | undefined,
): Promise<void> {
  if (existing) await db.update(reviewReactions).set({ reactionType: reaction.reactionType }).where(eq(reviewReactions.id, existing.id))
  else await db.insert(reviewReactions).values(reaction)
}

/** Takes a user's reaction to a review back; answers whether there was one. */
export async function removeReaction(db: Db, reviewId: ReviewId, userId: UserId): Promise<boolean> {
  const removed = await db
    .delete(reviewReactions)
    .where(and(eq(reviewReactions.reviewId, reviewId), eq(reviewReactions.userId, userId)))
    .returning({ id: reviewReactions.id })
  return removed.length > 0
}
