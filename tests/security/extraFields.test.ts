import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { reviews, users } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { currentPatientForm, type RowContext } from "./accessRows.ts"
import { PRIVILEGED_EXTRAS } from "./breakers.ts"
import { createFixtures, signInEveryone, type Fixtures, type Tokens } from "./fixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

// Fields a client may not set (role, status, ids, featured…) ride along with valid requests:
// the request is served, the extra fields are dropped, nothing of them reaches the database.
let gw: TestGateway
let tokens: Tokens
let f: Fixtures

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  tokens = await signInEveryone(gw)
  f = await createFixtures(gw, tokens)
})
afterAll(async () => {
  await gw?.stop()
})

describe("privileged fields sent by a client are ignored", () => {
  it("a profile update cannot change the role or the id", async () => {
    const ctx: RowContext = { gw, tokens, bucket: "" }
    const form = await currentPatientForm(ctx, f)
    const response = await gw.api("PUT", `/patients/${f.patientA}`, { token: tokens.patientA, body: { ...form, ...PRIVILEGED_EXTRAS } })
    expect(response.status).toBe(200)
    expect((response.body.data ?? response.body).id).toBe(f.patientA)
    const [user] = await gw.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, testIds.user(f.userA)))
    expect(user!.role).toBe("PATIENT")
  })

  it("a booking that asks to be CANCELED, or to be someone else's, is created CONFIRMED for its booker", async () => {
    const response = await gw.api("POST", "/appointments", {
      token: tokens.patientA,
      body: {
        doctorId: f.doctorA,
        patientId: f.patientA,
        timeSlotId: f.freeSlotA.id,
        appointmentTime: f.freeSlotA.startsAt,
        appointmentType: "CLINIC",
        reason: "Contrôle",
        ...PRIVILEGED_EXTRAS,
      },
    })
    expect(response.status).toBe(201)
    expect(response.body.status).toBe("CONFIRMED")
    expect(response.body.patientId).toBe(f.patientA)
    expect(response.body.id).not.toBe(PRIVILEGED_EXTRAS.id)
  })

  it("a review edit cannot make the review featured", async () => {
    const response = await gw.api("PUT", `/reviews/${f.reviewToEdit}`, {
      token: tokens.patientA,
      body: {
        patientId: f.patientA,
        doctorId: f.doctorA,
        rating: 5,
        comment: "Toujours à l'écoute et très professionnel, merci beaucoup.",
        ...PRIVILEGED_EXTRAS,
      },
    })
    expect(response.status).toBe(200)
    const [review] = await gw.db
      .select({ featured: reviews.isFeatured })
      .from(reviews)
      .where(eq(reviews.id, testIds.review(f.reviewToEdit)))
    expect(review!.featured).toBe(false)
  })
})
