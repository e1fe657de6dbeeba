import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { decodeWithFields } from "./decode.ts"

// SPEC §5: a form shows every field in error at once, each with its message; a field the form
// does not know is no error (the gateway strips it). Field names are dotted paths, list items by
// their index, as the forms name their inputs.

const Item = Schema.Struct({ address: Schema.String.check(Schema.isMinLength(1, { message: "validation.addressRequired" })) })
const Form = Schema.Struct({
  firstName: Schema.String.check(Schema.isMinLength(2, { message: "validation.firstNameRequired" })),
  age: Schema.Number,
  locations: Schema.Array(Item),
})

describe("decoding a form with its field errors", () => {
  it("lists every field in error at once, each once, named by its path", () => {
    const result = decodeWithFields(Form, { firstName: "A", locations: [{ address: "Rue 10" }, { address: "" }] })
    expect(result).toEqual({
      ok: false,
      fields: [
        { name: "firstName", message: "validation.firstNameRequired" },
        { name: "age", message: "validation.required" },
        { name: "locations.1.address", message: "validation.addressRequired" },
      ],
    })
  })

  it("shows a field that breaks two rules with the first one's message only", () => {
    const Code = Schema.Struct({
      code: Schema.String.check(Schema.isMinLength(3, { message: "validation.tooShort" }), Schema.isPattern(/^[A-Z]*$/, { message: "validation.invalid" })),
    })
    expect(decodeWithFields(Code, { code: "a" })).toEqual({ ok: false, fields: [{ name: "code", message: "validation.tooShort" }] })
  })

  it("says a value of the wrong kind is invalid", () => {
    expect(decodeWithFields(Form, { firstName: "Awa", age: "vingt", locations: [] })).toEqual({
      ok: false,
      fields: [{ name: "age", message: "validation.invalid" }],
    })
  })

  it("takes a form with fields it does not know, and leaves them out", () => {
    expect(decodeWithFields(Form, { firstName: "Awa", age: 30, locations: [], role: "ADMIN" })).toEqual({
      ok: true,
      value: { firstName: "Awa", age: 30, locations: [] },
    })
  })
})
