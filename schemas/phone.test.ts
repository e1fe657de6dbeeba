import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { ContactMessage } from "./contact.ts"
import { decodeWithFields } from "./decode.ts"
import { ContactPhone as InternationalPhone, formatPhone, normalizePhone, ProfilePhone as Phone } from "./phone.ts"

const valid = (schema: Schema.Codec<string, string>, value: string) => Schema.decodeUnknownExit(schema)(value)._tag === "Success"

describe("phone numbers: E.164 everywhere", () => {
  it("accepts E.164 with + in the profile, the emergency contact and the contact form", () => {
    // Other countries at any E.164 length: Côte d'Ivoire's 13 characters, Germany's 14.
    for (const phone of ["+221771234567", "+23566123456", "+33612345678", "+14155550123", "+2250712345678", "+4915112345678"]) {
      expect(valid(Phone, phone), phone).toBe(true)
      expect(valid(InternationalPhone, phone), phone).toBe(true)
    }
    const contact = { firstName: "Awa", lastName: "Ndiaye", role: "PATIENT", email: "awa@mail.sn", message: "Bonjour, une question." }
    expect(Schema.decodeUnknownExit(ContactMessage)({ ...contact, phone: "+221771234567" })._tag).toBe("Success")
    expect(Schema.decodeUnknownExit(ContactMessage)({ ...contact, phone: "" })._tag).toBe("Success")
    expect(Schema.decodeUnknownExit(ContactMessage)({ ...contact, phone: "771234567" })._tag).toBe("Failure")
  })

  it("refuses numbers without +, with letters, a wrong length for Senegal or Chad, or a leading 0 country code", () => {
    for (const phone of ["221771234567", "+22177123456", "+2217712345678", "+2356612345", "+0221771234567", "+221 77 123 45 67", "+12", "abc", ""]) {
      expect(valid(Phone, phone), phone).toBe(false)
      expect(valid(InternationalPhone, phone), phone).toBe(false)
    }
  })

  it("says why a number of the wrong length for Senegal or Chad is refused, in its form's words (SPEC §5)", () => {
    for (const phone of ["+22177123456", "+2356612345"]) {
      expect(decodeWithFields(Phone, phone), phone).toEqual({ ok: false, fields: [{ name: "", message: "validation.phoneInvalid" }] })
      expect(decodeWithFields(InternationalPhone, phone), phone).toEqual({ ok: false, fields: [{ name: "", message: "validation.invalidPhoneNumber" }] })
    }
  })

  it("turns what people type into E.164", () => {
    expect(normalizePhone("77 123 45 67")).toBe("+221771234567")
    expect(normalizePhone("77.123.45.67")).toBe("+221771234567")
    expect(normalizePhone("66 12 34 56")).toBe("+23566123456")
    expect(normalizePhone("66123456", "235")).toBe("+23566123456")
    expect(normalizePhone("221771234567")).toBe("+221771234567")
    expect(normalizePhone("00221 77 123 45 67")).toBe("+221771234567")
    expect(normalizePhone("+221 77-123-45-67")).toBe("+221771234567")
    expect(normalizePhone("+33 6 12 34 56 78")).toBe("+33612345678")
    expect(normalizePhone("")).toBe("")
    expect(normalizePhone("12")).toBe("12")
    expect(valid(Phone, normalizePhone("12"))).toBe(false)
  })

  it("gives back what cannot be read as a number as it was typed, for the form to show it refused", () => {
    expect(normalizePhone("+221 77 abc")).toBe("+221 77 abc")
    expect(normalizePhone("00 221 abc")).toBe("00 221 abc")
    expect(normalizePhone("77 12 ab")).toBe("77 12 ab")
    expect(normalizePhone("ab 77 12")).toBe("ab 77 12")
    expect(normalizePhone("33 6 12 34 56 78")).toBe("+33612345678")
  })

  it("groups only whole Senegal and Chad numbers; anything longer is shown as stored", () => {
    expect(formatPhone("+2217712345678")).toBe("+2217712345678")
    expect(formatPhone("+235661234567")).toBe("+235661234567")
    expect(formatPhone("x+221771234567")).toBe("x+221771234567")
    expect(formatPhone("x+23566123456")).toBe("x+23566123456")
  })

  it("shows numbers grouped the same way everywhere", () => {
    expect(formatPhone("+221771234567")).toBe("+221 77 123 45 67")
    expect(formatPhone("+23566123456")).toBe("+235 66 12 34 56")
    expect(formatPhone("+33612345678")).toBe("+33612345678")
    expect(formatPhone(null)).toBe("")
  })
})
