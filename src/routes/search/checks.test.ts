import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { Id } from "../../../schemas/ids.ts"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "../../../schemas/enums.ts"
import { either, intBetween, isNumber, isText, isUuid, oneOf, type Check } from "./checks.ts"

/** What an address can hold once TanStack has parsed it, and the edges each check must place right. */
const edges: ReadonlyArray<unknown> = [
  undefined,
  null,
  true,
  "",
  " ",
  "1",
  "CLINIC",
  "clinic",
  "CLINIC ",
  0,
  -0,
  1,
  2.5,
  3,
  100_000,
  100_001,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1e21,
  [],
  ["CLINIC"],
  {},
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b",
  "3F1C2A9E-6B7D-4C1E-9A2B-1C2D3E4F5A6B",
  "3f1c2a9e-6b7d-0c1e-9a2b-1c2d3e4f5a6b",
  "3f1c2a9e-6b7d-4c1e-7a2b-1c2d3e4f5a6b",
  "3f1c2a9e6b7d4c1e9a2b1c2d3e4f5a6b",
  " 3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b",
  "3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b\n",
  "３f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b",
]

const anything = fc.oneof(fc.anything(), fc.uuid(), fc.constantFrom(...edges), fc.integer(), fc.double())

/** The check and the schema it stands for say the same of every value. */
function agrees(check: Check<unknown>, schema: Schema.Codec<unknown, unknown, never, never>) {
  const is = Schema.is(schema)
  for (const value of edges) expect([value, check(value)]).toEqual([value, is(value)])
  fc.assert(fc.property(anything, (value) => check(value) === is(value)))
}

describe("address checks stand for their schemas", () => {
  it("text, number, either", () => {
    agrees(isText, Schema.String)
    agrees(isNumber, Schema.Number)
    agrees(either(isText, isNumber), Schema.Union([Schema.String, Schema.Number]))
  })

  it("one of some literals, as Schema.Literals", () => {
    agrees(oneOf(SERVICE_CODES), Schema.Literals(SERVICE_CODES))
    agrees(oneOf(APPOINTMENT_STATUSES), Schema.Literals(APPOINTMENT_STATUSES))
    agrees(oneOf([1, 2, 3]), Schema.Literals([1, 2, 3]))
    agrees(oneOf([3.5, 4, 4.5]), Schema.Literals([3.5, 4, 4.5]))
    agrees(oneOf([0]), Schema.Literals([0]))
  })

  it("a whole number in bounds, as Schema.Int with isBetween", () => {
    agrees(intBetween(1, 100_000), Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })))
  })

  it("a UUID, as the gateway's Id", () => {
    agrees(isUuid, Id)
  })
})
