import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { doctorRequests, healthcareFacilities, managers, users } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let managerToken: string
let ownFacility: string
let otherFacility: string

const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: "  Aminata ",
  lastName: "Diallo",
  email: " Aminata.Diallo@Example.SN ",
  phoneNumber: "+221771112233",
  specialtyCode: "PEDIATRICS",
  refNumber: " SN-ORD-1204 ",
  message: "Pédiatre à Thiès depuis 2015.",
  acceptTerms: true,
  ...overrides,
})

const storedById = async (id: string) =>
  (
    await gw.db
      .select()
      .from(doctorRequests)
      .where(eq(doctorRequests.id, testIds.doctorRequest(id)))
  )[0]!

beforeAll(async () => {
  gw = await startTestGateway()
  managerToken = await gw.signIn("manager@demo.sn")
  const [manager] = await gw.db
    .select({ facilityId: managers.facilityId })
    .from(managers)
    .innerJoin(users, eq(users.id, managers.userId))
    .where(eq(users.email, "manager@demo.sn"))
  ownFacility = manager!.facilityId!
  const [other] = await gw.db.select({ id: healthcareFacilities.id, name: healthcareFacilities.name }).from(healthcareFacilities).limit(2)
  otherFacility = other!.id === ownFacility ? (await gw.db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).limit(2))[1]!.id : other!.id
})
afterAll(async () => {
  await gw?.stop()
})

describe("POST /doctor-requests", () => {
  it("stores a valid request, trimmed, its address in canonical form, PENDING", async () => {
    const response = await gw.api("POST", "/doctor-requests", { body: valid({ facilityId: ownFacility }) })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ id: expect.any(String), status: "PENDING" })
    expect(await storedById(response.body.id)).toMatchObject({
      firstName: "Aminata",
      lastName: "Diallo",
      email: "aminata.diallo@example.sn",
      phoneNumber: "+221771112233",
      specialtyCode: "PEDIATRICS",
      refNumber: "SN-ORD-1204",
      facilityId: ownFacility,
      message: "Pédiatre à Thiès depuis 2015.",
      status: "PENDING",
    })
  })

  it("refuses a second pending request from the same address, however it is spelled (DUPLICATE_ENTRY, on the e-mail field)", async () => {
    const again = await gw.api("POST", "/doctor-requests", { body: valid({ email: "AMINATA.DIALLO@example.sn" }) })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("DUPLICATE_ENTRY")
    expect(again.body.fields).toEqual([{ name: "email", message: "doctorRequest.pendingEmail" }])
  })

  it("refuses invalid fields one by one, with the shared schema's messages", async () => {
    const response = await gw.api("POST", "/doctor-requests", {
      body: valid({
        email: "not-an-email",
        firstName: "   ",
        phoneNumber: "77 12",
        specialtyCode: "ASTROLOGY",
        refNumber: "",
        facilityId: "not-an-id",
        message: "x".repeat(501),
        acceptTerms: false,
      }),
    })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe("VALIDATION_ERROR")
    expect(response.body.fields).toEqual(
      expect.arrayContaining([
        { name: "firstName", message: "validation.firstNameRequired" },
        { name: "email", message: "validation.emailInvalid" },
        { name: "phoneNumber", message: "validation.phoneInvalid" },
        { name: "specialtyCode", message: expect.any(String) },
        { name: "refNumber", message: "validation.refNumberRequired" },
        { name: "facilityId", message: "validation.idInvalid" },
        { name: "message", message: "validation.tooLong" },
        { name: "acceptTerms", message: "validation.termsRequired" },
      ]),
    )
    expect(await gw.db.select().from(doctorRequests).where(eq(doctorRequests.email, "not-an-email"))).toEqual([])
  })

  it("refuses a facility that does not exist", async () => {
    const response = await gw.api("POST", "/doctor-requests", {
      body: valid({ email: "ghost@example.sn", facilityId: "00000000-0000-4000-8000-000000000000" }),
    })
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("HEALTHCARE_FACILITY_NOT_FOUND")
  })

  it("refuses control characters in the texts, naming the field", async () => {
    for (const [field, value] of [
      ["firstName", "Ami\u0000nata"],
      ["lastName", "Dia\u001bllo"],
      ["refNumber", "SN\u0007-1"],
      ["message", "Bonjour\u0000"],
    ] as const) {
      const response = await gw.api("POST", "/doctor-requests", { body: valid({ email: `cc.${field}@example.sn`, [field]: value }) })
      expect(response.status, field).toBe(400)
      expect(response.body.fields, field).toContainEqual({ name: field, message: "validation.controlCharacters" })
    }
    // A message may span lines.
    const lines = await gw.api("POST", "/doctor-requests", { body: valid({ email: "lines@example.sn", message: "Bonjour,\nà bientôt." }) })
    expect(lines.status).toBe(201)
  })
})

describe("GET /manager/doctor-requests", () => {
  it("is refused to visitors (401), patients and doctors (403)", async () => {
    expect((await gw.api("GET", "/manager/doctor-requests")).status).toBe(401)
    for (const email of ["patient@demo.sn", "doctor@demo.sn"]) {
      const response = await gw.api("GET", "/manager/doctor-requests", { token: await gw.signIn(email) })
      expect(response.status, email).toBe(403)
      expect(response.body.code).toBe("ROLE_NOT_MATCH")
    }
  })

  it("shows a manager the pending requests for their facility and those addressed to none, never another facility's", async () => {
    const mine = await gw.api("POST", "/doctor-requests", { body: valid({ email: "mine@example.sn", facilityId: ownFacility }) })
    const none = await gw.api("POST", "/doctor-requests", { body: valid({ email: "none@example.sn", message: undefined }) })
    const other = await gw.api("POST", "/doctor-requests", { body: valid({ email: "other@example.sn", facilityId: otherFacility }) })
    expect([mine.status, none.status, other.status]).toEqual([201, 201, 201])
    await gw.db.update(doctorRequests).set({ status: "REVIEWED" }).where(eq(doctorRequests.email, "lines@example.sn"))

    const response = await gw.api("GET", "/manager/doctor-requests", { token: managerToken })
    expect(response.status).toBe(200)
    const emails = (response.body.data as Array<{ email: string }>).map((r) => r.email)
    expect(emails).toEqual(expect.arrayContaining(["mine@example.sn", "none@example.sn", "aminata.diallo@example.sn"]))
    expect(emails).not.toContain("other@example.sn")
    expect(emails).not.toContain("lines@example.sn")
    const first = (response.body.data as Array<Record<string, unknown>>).find((r) => r.email === "mine@example.sn")
    expect(first).toMatchObject({
      firstName: "Aminata",
      specialtyCode: "PEDIATRICS",
      phoneNumber: "+221771112233",
      facility: { id: ownFacility, name: expect.any(String) },
      status: "PENDING",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    })
    expect((response.body.data as Array<Record<string, unknown>>).find((r) => r.email === "none@example.sn")).toMatchObject({ facility: null, message: null })
  })

  it("reads the facility from the manager's own row, whatever the client sends", async () => {
    const response = await gw.api("GET", `/manager/doctor-requests?facilityId=${otherFacility}`, { token: managerToken })
    expect(response.status).toBe(200)
    expect((response.body.data as Array<{ email: string }>).map((r) => r.email)).not.toContain("other@example.sn")
  })
})

describe("PUT /manager/doctor-requests/:id/review", () => {
  it("takes a request the manager can read off the pending list; another facility's is NOT_FOUND", async () => {
    const list = async () => (await gw.api("GET", "/manager/doctor-requests", { token: managerToken })).body.data as Array<{ id: string; email: string }>
    const mine = (await list()).find((r) => r.email === "mine@example.sn")!
    const reviewed = await gw.api("PUT", `/manager/doctor-requests/${mine.id}/review`, { token: managerToken })
    expect(reviewed.status).toBe(200)
    expect(reviewed.body).toEqual({ id: mine.id, status: "REVIEWED" })
    expect((await list()).map((r) => r.email)).not.toContain("mine@example.sn")
    // Again: the same answer, nothing else changes.
    expect((await gw.api("PUT", `/manager/doctor-requests/${mine.id}/review`, { token: managerToken })).status).toBe(200)

    const [other] = await gw.db.select({ id: doctorRequests.id }).from(doctorRequests).where(eq(doctorRequests.email, "other@example.sn"))
    const refused = await gw.api("PUT", `/manager/doctor-requests/${other!.id}/review`, { token: managerToken })
    expect(refused.status).toBe(404)
    expect(refused.body.code).toBe("NOT_FOUND")
    expect((await storedById(other!.id)).status).toBe("PENDING")

    const doctor = await gw.api("PUT", `/manager/doctor-requests/${other!.id}/review`, { token: await gw.signIn("doctor@demo.sn") })
    expect(doctor.status).toBe(403)
  })

  it("lets the same address ask again once its request was reviewed", async () => {
    const again = await gw.api("POST", "/doctor-requests", { body: valid({ email: "mine@example.sn" }) })
    expect(again.status).toBe(201)
  })
})
