import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Review, ReviewListResponse } from "../../schemas/review.ts"
import { appointments, doctors, reviewReactions, reviews } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { idsOf } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let patient: { token: string; patientId: string }
let patient2: { token: string; patientId: string; userId: string }
let doctorId: string
let doctor2Id: string

beforeAll(async () => {
  gw = await startTestGateway()
  const [p, p2, d, d2] = await Promise.all([
    idsOf(gw, "patient@demo.sn"),
    idsOf(gw, "patient2@demo.sn"),
    idsOf(gw, "doctor@demo.sn"),
    idsOf(gw, "doctor2@demo.sn"),
  ])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId! }
  patient2 = { token: await gw.signIn("patient2@demo.sn"), patientId: p2.patientId!, userId: p2.userId }
  doctorId = d.doctorId!
  doctor2Id = d2.doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

const list = async (token?: string, id = doctorId) => {
  const response = await gw.api("GET", `/reviews/doctor/${id}`, { token: token ?? null })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(ReviewListResponse)(response.body)
}
const COMMENT = "  Très bon médecin, à l'écoute et ponctuel.  "
const post = (token: string, body: Record<string, unknown>) => gw.api("POST", "/reviews", { token, body: { doctorId, rating: 4, comment: COMMENT, ...body } })

describe("GET /reviews/doctor/{id}", () => {
  it("lists live reviews newest first, with the count per star, reactions and the featured review", async () => {
    const response = await list()
    expect(response.reviews.length).toBeGreaterThan(0)
    const dates = response.reviews.map((r) => r.postedDate)
    expect([...dates].sort().reverse()).toEqual(dates)
    const { one, two, three, four, five } = response.reviewSummary
    expect(one + two + three + four + five).toBe(response.reviews.length)
    // Each star counts the reviews given that many stars.
    const given = (stars: number) => response.reviews.filter((r) => Math.round(r.rating) === stars).length
    expect([one, two, three, four, five]).toEqual([1, 2, 3, 4, 5].map(given))
    expect(new Set([one, two, three, four, five]).size).toBeGreaterThan(1)
    expect(response.featuredReview?.rating).toBe(5)
    expect(response.reviews[0]!.reactionCount.map((r) => r.reactionType)).toEqual(["LIKE", "DISLIKE"])
    expect(response.currentUserCanAddComment).toBe(false)
    expect((await gw.api("GET", "/reviews/doctor/00000000-0000-4000-8000-000000000000")).body.code).toBe("DOCTOR_NOT_FOUND")
  })

  it("answers a doctor without a featured review, with none", async () => {
    await gw.db
      .update(reviews)
      .set({ isFeatured: false })
      .where(eq(reviews.doctorId, testIds.doctor(doctor2Id)))
    expect((await list(undefined, doctor2Id)).featuredReview).toBeNull()
  })

  it("lets a patient who has seen the doctor add a comment, not one whose appointment is still ahead", async () => {
    expect((await list(patient.token)).currentUserCanAddComment).toBe(true)
    expect((await list(patient2.token)).currentUserCanAddComment).toBe(false)
    expect((await list(await gw.signIn("doctor@demo.sn"))).currentUserCanAddComment).toBe(false)
  })
})

describe("POST /reviews", () => {
  it("refuses a patient without a past appointment with MISSING_APPOINTMENT_WITH_DOCTOR", async () => {
    const response = await post(patient2.token, { patientId: patient2.patientId })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe("MISSING_APPOINTMENT_WITH_DOCTOR")
  })

  it("counts a canceled appointment as no appointment: its patient may not review", async () => {
    await gw.db.insert(appointments).values({
      doctorId: testIds.doctor(doctorId),
      patientId: testIds.patient(patient2.patientId),
      appointmentTime: new Date(Date.now() - 3 * 86_400_000),
      appointmentType: "CLINIC",
      status: "CANCELED",
      reason: "Annulé",
    })
    expect((await list(patient2.token)).currentUserCanAddComment).toBe(false)
    expect((await post(patient2.token, { patientId: patient2.patientId })).body.code).toBe("MISSING_APPOINTMENT_WITH_DOCTOR")
  })

  it("checks the comment (20 to 512 once trimmed) and the rating (1 to 5)", async () => {
    const short = await post(patient.token, { patientId: patient.patientId, comment: `   ${"x".repeat(19)}   ` })
    expect(short.body.fields).toEqual([{ name: "comment", message: "validation.commentMinCharacters" }])
    const long = await post(patient.token, { patientId: patient.patientId, comment: "x".repeat(513) })
    expect(long.body.fields).toEqual([{ name: "comment", message: "validation.commentMaxCharacters" }])
    expect((await post(patient.token, { patientId: patient.patientId, rating: 0 })).body.fields).toEqual([{ name: "rating", message: "validation.ratingMin" }])
    expect((await post(patient.token, { patientId: patient.patientId, rating: 6 })).body.fields).toEqual([{ name: "rating", message: "validation.ratingMax" }])
    expect((await post(patient.token, { patientId: patient.patientId, doctorId: "dr-1" })).body.fields).toEqual([
      { name: "doctorId", message: "validation.idInvalid" },
    ])
  })

  it("refuses doctors: DOCTOR_SELF_REVIEW_NOT_ALLOWED on themselves, ROLE_NOT_MATCH on others", async () => {
    const doctor = await gw.signIn("doctor@demo.sn")
    const self = await post(doctor, { patientId: patient.patientId })
    expect(self.status).toBe(403)
    expect(self.body.code).toBe("DOCTOR_SELF_REVIEW_NOT_ALLOWED")
    expect((await post(doctor, { patientId: patient.patientId, doctorId: doctor2Id })).body.code).toBe("ROLE_NOT_MATCH")
    expect((await post(patient2.token, { patientId: patient.patientId })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("POST", "/reviews", { body: { doctorId, patientId: patient.patientId, rating: 4, comment: COMMENT } })).status).toBe(401)
  })

  it("adds a trimmed review, updates the doctor's average, and allows one live review only", async () => {
    const before = await list()
    const response = await post(patient.token, { patientId: patient.patientId, rating: 1 })
    expect(response.status).toBe(201)
    const review = Schema.decodeUnknownSync(Review)(response.body)
    expect(review).toMatchObject({ comment: COMMENT.trim(), rating: 1, reviewer: { id: patient.patientId, firstName: "Awa", lastName: "Diop" } })
    const after = await list(patient.token)
    expect(after.reviews[0]!.id).toBe(review.id)
    expect(after.reviewSummary.one).toBe(before.reviewSummary.one + 1)
    expect(after.currentUserCanAddComment).toBe(false)
    const [row] = await gw.db
      .select({ count: doctors.reviewCount })
      .from(doctors)
      .where(eq(doctors.id, testIds.doctor(doctorId)))
    expect(row!.count).toBe(after.reviews.length)
    // The profile's average is the mean of the live reviews, to two decimals.
    const mean = after.reviews.reduce((sum, r) => sum + r.rating, 0) / after.reviews.length
    const profile = await gw.api("GET", `/doctors/${doctorId}`)
    expect(profile.body.averageRate).toBe(Math.round(mean * 100) / 100)
    // The search's rating filter reads the new average at once (its copy in the listings follows the doctor's row).
    const withFloor = async (rating: number) =>
      (
        await gw.api("POST", "/doctors/search", {
          body: { paginationSettings: { offset: 0, limit: 100 }, query: { keyword: profile.body.lastName, rating } },
        })
      ).body.data.map((d: { id: string }) => d.id)
    expect(await withFloor(profile.body.averageRate - 0.01)).toContain(doctorId)
    expect(await withFloor(profile.body.averageRate + 0.01)).not.toContain(doctorId)
    expect((await post(patient.token, { patientId: patient.patientId })).body.code).toBe("DUPLICATE_ENTRY")
  })
})

describe("editing and deleting reviews", () => {
  const mine = async () => (await list(patient.token)).reviews.find((r) => r.reviewer.id === patient.patientId)!

  it("edits one's own review; not someone else's, nor the featured one", async () => {
    const review = await mine()
    const body = { patientId: patient.patientId, doctorId, rating: 5, comment: "Finalement excellent, je recommande vivement." }
    const edited = await gw.api("PUT", `/reviews/${review.id}`, { token: patient.token, body })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ rating: 5, comment: body.comment })
    const featured = (await list()).featuredReview!
    expect((await gw.api("PUT", `/reviews/${featured.id}`, { token: patient.token, body })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("PUT", `/reviews/${review.id}`, { token: patient2.token, body: { ...body, patientId: patient2.patientId } })).body.code).toBe(
      "FORBIDDEN_ACTION",
    )
    await gw.db.update(reviews).set({ isFeatured: true }).where(eq(reviews.id, review.id))
    expect((await gw.api("PUT", `/reviews/delete/${review.id}`, { token: patient.token })).body.code).toBe("FORBIDDEN_ACTION")
    await gw.db.update(reviews).set({ isFeatured: false }).where(eq(reviews.id, review.id))
  })

  it("soft-deletes one's own review, which leaves the list and may be written again", async () => {
    const review = await mine()
    expect((await gw.api("PUT", `/reviews/delete/${review.id}`, { token: patient2.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("PUT", `/reviews/delete/${review.id}`, { token: patient.token })).status).toBe(200)
    const after = await list(patient.token)
    expect(after.reviews.some((r) => r.id === review.id)).toBe(false)
    expect(after.currentUserCanAddComment).toBe(true)
    const [row] = await gw.db.select().from(reviews).where(eq(reviews.id, review.id))
    expect(row!.deletedAt).not.toBeNull()
    expect((await gw.api("PUT", `/reviews/delete/${review.id}`, { token: patient.token })).body.code).toBe("REVIEW_NOT_FOUND")
  })

  it("hard-deletes with DELETE /reviews/{id}", async () => {
    const created = await post(patient.token, { patientId: patient.patientId })
    expect((await gw.api("DELETE", `/reviews/${created.body.id}`, { token: patient.token })).status).toBe(200)
    expect(await gw.db.select().from(reviews).where(eq(reviews.id, created.body.id))).toEqual([])
  })
})

describe("POST /reviews/reactions", () => {
  it("likes another's review once, switches to dislike, takes it back; never one's own", async () => {
    const created = await post(patient.token, { patientId: patient.patientId })
    const reviewId = created.body.id as string
    const like = await gw.api("POST", "/reviews/reactions", { token: patient2.token, body: { reviewId, patientId: patient2.patientId, reactionType: "LIKE" } })
    expect(like.status).toBe(201)
    expect(like.body.reactionCount).toEqual([
      { reactionType: "LIKE", count: 1 },
      { reactionType: "DISLIKE", count: 0 },
    ])
    expect(like.body.myReaction).toBe("LIKE")
    // In the doctor's list, each review shows its own counts, and the reader's reaction on the one reacted to only.
    const reactions = await gw.db.select().from(reviewReactions)
    for (const r of (await list(patient2.token)).reviews) {
      const on = reactions.filter((x) => x.reviewId === r.id)
      const counts = (["LIKE", "DISLIKE"] as const).map((reactionType) => ({ reactionType, count: on.filter((x) => x.reactionType === reactionType).length }))
      expect(r.reactionCount, r.id).toEqual(counts)
      expect(r.myReaction, r.id).toBe(r.id === reviewId ? "LIKE" : (on.find((x) => x.userId === patient2.userId)?.reactionType ?? null))
    }
    expect(reactions.some((x) => x.reviewId !== reviewId)).toBe(true)
    const again = await gw.api("POST", "/reviews/reactions", { token: patient2.token, body: { reviewId, patientId: patient2.patientId, reactionType: "LIKE" } })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("DUPLICATE_REACTION")
    const dislike = await gw.api("POST", "/reviews/reactions", {
      token: patient2.token,
      body: { reviewId, patientId: patient2.patientId, reactionType: "DISLIKE" },
    })
    expect(dislike.body.reactionCount).toEqual([
      { reactionType: "LIKE", count: 0 },
      { reactionType: "DISLIKE", count: 1 },
    ])

    expect(
      (await gw.api("POST", "/reviews/reactions", { token: patient.token, body: { reviewId, patientId: patient.patientId, reactionType: "LIKE" } })).body.code,
    ).toBe("FORBIDDEN_ACTION")
    expect(
      (await gw.api("POST", "/reviews/reactions", { token: patient2.token, body: { reviewId, patientId: patient.patientId, reactionType: "LIKE" } })).body.code,
    ).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("POST", "/reviews/reactions", { body: { reviewId, patientId: patient2.patientId, reactionType: "LIKE" } })).status).toBe(401)
    const seenByOther = (await list(patient2.token)).reviews.find((r) => r.id === reviewId)!
    expect(seenByOther.myReaction).toBe("DISLIKE")

    expect((await gw.api("DELETE", `/reviews/reactions/${reviewId}`, { token: patient2.token })).body.myReaction).toBeNull()
    expect((await gw.api("DELETE", `/reviews/reactions/${reviewId}`, { token: patient2.token })).body.code).toBe("REACTION_NOT_FOUND")
    expect(
      (
        await gw.api("POST", "/reviews/reactions", {
          token: patient2.token,
          body: { reviewId: "00000000-0000-4000-8000-000000000000", patientId: patient2.patientId, reactionType: "LIKE" },
        })
      ).body.code,
    ).toBe("REVIEW_NOT_FOUND")
  })
})
