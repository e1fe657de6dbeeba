import { describe, expect, it } from "vitest"
import type { Patient } from "../../../../schemas/patient.ts"
import { checkDraft, draftOf, keyed, makePrimary, removeLocation, updateOf } from "./patientForm.ts"
import { testIds } from "../../../../schemas/testIds.ts"

const patient = {
  id: testIds.patient("p"),
  userId: testIds.user("u"),
  firstName: "Awa",
  lastName: "Diop",
  email: "awa@mail.sn",
  phoneNumber: "+221771234567",
  dateOfBirth: "1988-06-14",
  civility: "WOMAN",
  bloodType: "O+",
  photoUrl: null,
  preferredNotificationMethods: ["SMS"],
  allergies: ["Pénicilline"],
  chronicConditions: [],
  medicalAlerts: [],
  medicalRecords: [],
  dependants: [],
  emergencyContacts: [],
  locations: [
    { address: "Mermoz", city: "Dakar", country: "SENEGAL", isPrimary: true, residency: "HOME" },
    { address: "Plateau", city: "Dakar", country: "SENEGAL", isPrimary: false, residency: "OTHER" },
  ],
  settings: {} as Patient["settings"],
} as Patient

describe("the patient form", () => {
  it("round-trips a valid record and drops blank allergies and conditions", () => {
    const draft = draftOf(patient)
    draft.allergies.push(keyed({ value: "   " }))
    draft.chronicConditions.push(keyed({ value: " Asthme " }))
    const checked = checkDraft(draft)
    expect(checked.ok).toBe(true)
    expect(updateOf(draft).allergies).toEqual(["Pénicilline"])
    expect(updateOf(draft).chronicConditions).toEqual(["Asthme"])
  })

  it("asks for the current password only when the sign-in address changes (another spelling is the same address)", () => {
    expect(checkDraft({ ...draftOf(patient), email: " AWA@Mail.SN " }, patient.email).ok).toBe(true)
    const changed = checkDraft({ ...draftOf(patient), email: "awa.diop@mail.sn" }, patient.email)
    expect(changed.ok).toBe(false)
    if (!changed.ok) expect(changed.fields).toContainEqual({ name: "currentPassword", message: "validation.currentPasswordRequired" })
    const withPassword = checkDraft({ ...draftOf(patient), email: "awa.diop@mail.sn", currentPassword: "Passw0rd!" }, patient.email)
    expect(withPassword.ok && withPassword.value.currentPassword).toBe("Passw0rd!")
  })

  it("reports control characters in a name, and an impossible date of birth, next to their fields", () => {
    const checked = checkDraft({ ...draftOf(patient), firstName: "Awa\u0000", dateOfBirth: "2000-02-30" })
    expect(checked.ok).toBe(false)
    if (!checked.ok) {
      expect(checked.fields).toContainEqual({ name: "firstName", message: "validation.controlCharacters" })
      expect(checked.fields).toContainEqual({ name: "dateOfBirth", message: "validation.dateInvalid" })
    }
  })

  it("reports a bad phone and a date of birth in the future next to their fields", () => {
    const draft = { ...draftOf(patient), phoneNumber: "77 12", dateOfBirth: "2999-01-01" }
    const checked = checkDraft(draft)
    expect(checked.ok).toBe(false)
    if (!checked.ok) {
      expect(checked.fields).toContainEqual({ name: "phoneNumber", message: "validation.phoneInvalid" })
      expect(checked.fields).toContainEqual({ name: "dateOfBirth", message: "validation.dateOfBirthPast" })
    }
  })

  it("keeps exactly one primary location: removing it promotes the first, choosing one demotes the others", () => {
    const draft = draftOf(patient)
    const [home, office] = draft.locations
    expect(removeLocation(draft.locations, home!.key).map((l) => [l.address, l.isPrimary])).toEqual([["Plateau", true]])
    expect(makePrimary(draft.locations, office!.key).map((l) => l.isPrimary)).toEqual([false, true])
    expect(removeLocation(draft.locations, office!.key).map((l) => l.isPrimary)).toEqual([true])
  })
})
