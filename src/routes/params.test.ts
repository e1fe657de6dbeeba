import { isNotFound } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import { idParams } from "./params.ts"
import { testIds } from "../../schemas/testIds.ts"

const UUID = "3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b"

/** Throws what parse throws, or fails when it throws nothing. */
function refusal(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error("the parameters were accepted")
}

describe("idParams", () => {
  it("keeps ids that are UUIDs, as they are", () => {
    const params = idParams("doctorId", "patientId")
    expect(params.parse({ doctorId: UUID, patientId: UUID.toUpperCase() })).toEqual({ doctorId: UUID, patientId: UUID.toUpperCase() })
    expect(params.stringify({ doctorId: testIds.doctor(UUID), patientId: testIds.patient(UUID) })).toEqual({ doctorId: UUID, patientId: UUID })
  })

  it.each(["", "42", "not-an-id", `${UUID}x`, "../profile", "00000000000040008000000000000000"])(
    "answers not-found for %j, before any loader asks the gateway",
    (id) => {
      expect(isNotFound(refusal(() => idParams("appointmentId").parse({ appointmentId: id })))).toBe(true)
    },
  )

  it("checks every named parameter, not only the first", () => {
    expect(isNotFound(refusal(() => idParams("doctorId", "patientId").parse({ doctorId: UUID, patientId: "nope" })))).toBe(true)
  })
})
