import { describe, expect, it } from "vitest"
import { ApiRequestError } from "../../src/api/client.ts"
import { errorBodyOf, storageFailureOf, UNHANDLED_REJECTION } from "./rejections.ts"

describe("errorBodyOf", () => {
  it("reads the gateway's failure as its body", () => {
    expect(errorBodyOf(new ApiRequestError("TIME_SLOT_ALREADY_BOOKED", "Taken", 409))).toEqual({ code: "TIME_SLOT_ALREADY_BOOKED", message: "Taken" })
    const fields = [{ name: "phoneNumber", message: "validation.phoneInvalid" }]
    expect(errorBodyOf(new ApiRequestError("VALIDATION_ERROR", "Bad", 400, fields))).toEqual({ code: "VALIDATION_ERROR", message: "Bad", fields })
  })

  it("reads a plain error body, leaving out what is not part of it", () => {
    expect(errorBodyOf({ code: "NETWORK_ERROR", message: "Offline", status: null })).toEqual({ code: "NETWORK_ERROR", message: "Offline" })
  })

  it("keeps an Error's message under UNHANDLED_ERROR", () => {
    expect(errorBodyOf(new Error("save not provided"))).toEqual({ code: "UNHANDLED_ERROR", message: "save not provided" })
  })

  it("takes a code outside SPEC §8, or none, for the fallback's, and keeps the rest", () => {
    expect(errorBodyOf({ code: "storage/unknown", message: "Crashed" })).toEqual({ code: "UNHANDLED_ERROR", message: "Crashed" })
    expect(errorBodyOf({ code: "SERVER_ERROR" })).toEqual({ code: "SERVER_ERROR", message: UNHANDLED_REJECTION.message })
    expect(errorBodyOf({ message: "fetch failed" }, { code: "INVALID_SESSION", message: "Invalid session" })).toEqual({
      code: "INVALID_SESSION",
      message: "fetch failed",
    })
  })

  it("keeps field errors only when each is a name and a message, and only those two", () => {
    const fields = [{ name: "email", message: "validation.emailInvalid", hint: "x" }]
    expect(errorBodyOf({ code: "VALIDATION_ERROR", message: "Bad", fields }).fields).toEqual([{ name: "email", message: "validation.emailInvalid" }])
    for (const bad of [[{ name: "email" }], [{ name: "email", message: "m" }, "x"], [{ name: 1, message: "m" }], { name: "email", message: "m" }]) {
      expect(errorBodyOf({ code: "VALIDATION_ERROR", message: "Bad", fields: bad })).toEqual({ code: "VALIDATION_ERROR", message: "Bad" })
    }
  })

  it("answers the fallback for what says nothing", () => {
    for (const rejection of [undefined, null, "boom", 42, {}, { fields: "none" }]) expect(errorBodyOf(rejection)).toEqual(UNHANDLED_REJECTION)
  })
})

describe("storageFailureOf", () => {
  it("reads the storage SDK's code and message, or says the upload failed", () => {
    expect(storageFailureOf({ code: "storage/unauthorized", message: "No" })).toEqual({ code: "storage/unauthorized", message: "No" })
    expect(storageFailureOf(undefined)).toEqual({ code: "storage/unknown", message: "Upload failed" })
  })
})
