import { describe, expect, it } from "vitest"
import { passwordErrors } from "./ChangePasswordPage.tsx"

describe("the change-password form", () => {
  it("applies the rules of SPEC §5 field by field", () => {
    const messages = (v: Parameters<typeof passwordErrors>[0]) => passwordErrors(v).map((e) => `${e.name}:${e.message}`)
    expect(messages({ oldPassword: "", newPassword: "short", confirmPassword: "" })).toEqual([
      "oldPassword:validation.required",
      "newPassword:validation.passwordMin",
      "confirmPassword:validation.required",
    ])
    expect(messages({ oldPassword: "Passw0rd!", newPassword: "N3wPass!x", confirmPassword: "N3wPass!y" })).toEqual([
      "confirmPassword:validation.passwordsDoNotMatch",
    ])
    expect(messages({ oldPassword: "Passw0rd!", newPassword: "Passw0rd!", confirmPassword: "Passw0rd!" })).toEqual([
      "newPassword:validation.passwordMustDiffer",
    ])
    expect(messages({ oldPassword: "Passw0rd!", newPassword: "N3wPass!x", confirmPassword: "N3wPass!x" })).toEqual([])
  })
})
