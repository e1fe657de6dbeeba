import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { accessAllows, endpoint, errorsOf, pathOf, routeOf, SIGN_IN_ERRORS } from "./contract.ts"

// The contract table's own rules (issue 10: one contract per endpoint), from SPEC §6 (who may call)
// and §8 (which codes a call can answer): what a declaration implies, how a path is filled, who passes.

const Answer = Schema.Struct({ ok: Schema.Boolean })
const Body = Schema.Struct({ name: Schema.String })
const Query = Schema.Struct({ page: Schema.optionalKey(Schema.String) })
const Id = Schema.String

describe("a declared endpoint", () => {
  it("answers 200 in JSON with no codes of its own unless it says otherwise", () => {
    const call = endpoint({ method: "GET", path: "/doctors", response: Answer, access: "public" })
    expect(call).toMatchObject({ method: "GET", path: "/doctors", status: 200, contentType: "application/json", errors: [] })
    const created = endpoint({
      method: "POST",
      path: "/appointments",
      body: Body,
      response: Answer,
      access: ["PATIENT"],
      status: 201,
      errors: ["TIME_SLOT_ALREADY_BOOKED"],
    })
    expect(created).toMatchObject({ status: 201, errors: ["TIME_SLOT_ALREADY_BOOKED"], body: Body, access: ["PATIENT"] })
    const feed = endpoint({ method: "GET", path: "/calendar", response: Schema.String, access: "public", contentType: "text/calendar; charset=utf-8" })
    expect(feed.contentType).toBe("text/calendar; charset=utf-8")
  })
})

describe("the codes a call can answer (SPEC §8)", () => {
  it("a public call without inputs answers only its own", () => {
    expect(errorsOf(endpoint({ method: "GET", path: "/specialties", response: Answer, access: "public", errors: ["SERVER_ERROR"] }))).toEqual(["SERVER_ERROR"])
  })
  it("a signed-in call adds the session's codes; one for some roles adds ROLE_NOT_MATCH", () => {
    expect(errorsOf(endpoint({ method: "GET", path: "/session", response: Answer, access: "signedIn" }))).toEqual([...SIGN_IN_ERRORS])
    expect(errorsOf(endpoint({ method: "GET", path: "/doctor/patients", response: Answer, access: ["DOCTOR"] }))).toEqual([...SIGN_IN_ERRORS, "ROLE_NOT_MATCH"])
    expect(SIGN_IN_ERRORS).toEqual(["TOKEN_NOT_FOUND", "INVALID_TOKEN", "INVALID_SESSION", "SESSION_EXPIRED"])
  })
  it("path parameters or a query add INVALID_PARAMETER; a body adds VALIDATION_ERROR and INVALID_PAYLOAD; nothing twice", () => {
    expect(errorsOf(endpoint({ method: "GET", path: "/doctors/:id", params: { id: Id }, response: Answer, access: "public" }))).toEqual(["INVALID_PARAMETER"])
    expect(errorsOf(endpoint({ method: "GET", path: "/doctors", query: Query, response: Answer, access: "public" }))).toEqual(["INVALID_PARAMETER"])
    expect(
      errorsOf(endpoint({ method: "POST", path: "/contact", body: Body, response: Answer, access: "public", errors: ["VALIDATION_ERROR", "SERVER_ERROR"] })),
    ).toEqual(["VALIDATION_ERROR", "INVALID_PAYLOAD", "SERVER_ERROR"])
  })
})

describe("a path filled in", () => {
  const call = endpoint({ method: "PUT", path: "/doctors/:doctorId/settings/:part", params: { doctorId: Id, part: Id }, response: Answer, access: ["DOCTOR"] })
  it("puts each value in its place, URI-encoded (a value cannot add a segment)", () => {
    expect(pathOf(call, { doctorId: "d1", part: "a/b c" })).toBe("/doctors/d1/settings/a%2Fb%20c")
    expect(pathOf({ path: "/doctors" }, undefined)).toBe("/doctors")
  })
  it("refuses to call with a parameter left out", () => {
    expect(() => pathOf(call, { doctorId: "d1" })).toThrow("/doctors/:doctorId/settings/:part: no value for :part")
    expect(() => pathOf(call, undefined)).toThrow(/no value for :doctorId/)
  })
  it("names its route as the gateway lists it, under /api/v1", () => {
    expect(routeOf(call)).toBe("PUT /api/v1/doctors/:doctorId/settings/:part")
    expect(routeOf(call, "")).toBe("PUT /doctors/:doctorId/settings/:part")
  })
})

describe("who may call, by access alone (SPEC §6)", () => {
  it("public: everyone, signed in or not", () => {
    expect(accessAllows("public", null)).toBe(true)
    expect(accessAllows("public", "PATIENT")).toBe(true)
  })
  it("signed in: any role, no visitor", () => {
    expect(accessAllows("signedIn", null)).toBe(false)
    expect(accessAllows("signedIn", "MANAGER")).toBe(true)
  })
  it("some roles: those only", () => {
    expect(accessAllows(["DOCTOR"], "DOCTOR")).toBe(true)
    expect(accessAllows(["DOCTOR"], "PATIENT")).toBe(false)
    expect(accessAllows(["DOCTOR", "PATIENT"], "PATIENT")).toBe(true)
    expect(accessAllows(["DOCTOR"], null)).toBe(false)
  })
})
