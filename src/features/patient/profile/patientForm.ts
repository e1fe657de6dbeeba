import type { Location } from "../../../../schemas/common.ts"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { canonicalEmail } from "../../../../schemas/fields.ts"
import type { FieldError } from "../../../../schemas/errors.ts"
import type { Dependant, MedicalAlert, Patient, PatientUpdate } from "../../../../schemas/patient.ts"
import { PatientUpdate as PatientUpdateSchema } from "../../../../schemas/patient.ts"
import { normalizePhone } from "../../../../schemas/phone.ts"

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** An item of an editable list, with a key that survives reordering and removal. */
export type Keyed<T> = T & { key: string }

let nextKey = 0
export const keyed = <T>(value: T): Keyed<T> => ({ ...value, key: `k${++nextKey}` })

/** What the patient form edits; plain strings so half-typed values are never lost. */
export interface PatientDraft {
  firstName: string
  lastName: string
  email: string
  /** Asked for only when the email differs from the sign-in address. */
  currentPassword: string
  phoneNumber: string
  dateOfBirth: string
  civility: string
  bloodType: string
  preferredNotificationMethods: string[]
  allergies: Keyed<{ value: string }>[]
  chronicConditions: Keyed<{ value: string }>[]
  locations: Keyed<Mutable<Location>>[]
  dependants: Keyed<Mutable<Dependant>>[]
  medicalAlerts: Keyed<Mutable<MedicalAlert>>[]
}

export const emptyLocation = (isPrimary: boolean): Mutable<Location> => ({
  address: "",
  city: "",
  state: null,
  zip: null,
  country: "SENEGAL",
  isPrimary,
  residency: "HOME",
})

export function draftOf(p: Patient): PatientDraft {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    currentPassword: "",
    phoneNumber: p.phoneNumber ?? "",
    dateOfBirth: p.dateOfBirth ?? "",
    civility: p.civility ?? "",
    bloodType: p.bloodType ?? "",
    preferredNotificationMethods: [...p.preferredNotificationMethods],
    allergies: p.allergies.map((value) => keyed({ value })),
    chronicConditions: p.chronicConditions.map((value) => keyed({ value })),
    locations: (p.locations.length ? p.locations : [emptyLocation(true)]).map((l) => keyed({ ...l })),
    dependants: p.dependants.map((d) => keyed({ ...d })),
    medicalAlerts: p.medicalAlerts.map((a) => keyed({ ...a })),
  }
}

const strip = <T extends { key: string }>({ key: _key, ...rest }: T): Omit<T, "key"> => rest

/** The body of PUT /patients/{id}; blank allergies and conditions are dropped (SPEC §5). */
export function updateOf(d: PatientDraft): Record<keyof PatientUpdate, unknown> {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email.trim(),
    currentPassword: d.currentPassword || undefined,
    phoneNumber: normalizePhone(d.phoneNumber),
    dateOfBirth: d.dateOfBirth,
    civility: d.civility || undefined,
    bloodType: d.bloodType || undefined,
    preferredNotificationMethods: d.preferredNotificationMethods,
    allergies: d.allergies.map((a) => a.value.trim()).filter(Boolean),
    chronicConditions: d.chronicConditions.map((c) => c.value.trim()).filter(Boolean),
    locations: d.locations.map(strip),
    photoUrl: undefined,
    dependants: d.dependants.map(strip),
    medicalAlerts: d.medicalAlerts.map(strip),
  }
}

export type DraftCheck = { ok: true; value: PatientUpdate } | { ok: false; fields: ReadonlyArray<FieldError> }

/** True when the draft asks to sign in with another address than `signInEmail` (spellings of one address are one). */
export const changesSignInEmail = (d: PatientDraft, signInEmail: string) => canonicalEmail(d.email) !== canonicalEmail(signInEmail)

/**
 * The shared schema's verdict on the draft: the same rules the gateway applies, and, as the
 * gateway asks, the current password when the sign-in address changes.
 */
export function checkDraft(d: PatientDraft, signInEmail: string = d.email): DraftCheck {
  const body = Object.fromEntries(Object.entries(updateOf(d)).filter(([, v]) => v !== undefined))
  const checked = decodeWithFields(PatientUpdateSchema, body)
  if (!changesSignInEmail(d, signInEmail) || d.currentPassword) return checked
  const missing = { name: "currentPassword", message: "validation.currentPasswordRequired" }
  return { ok: false, fields: [...(checked.ok ? [] : checked.fields), missing] }
}

/** Removing the primary location makes the first remaining one primary (SPEC §5). */
export function removeLocation(list: PatientDraft["locations"], key: string): PatientDraft["locations"] {
  const removed = list.find((l) => l.key === key)
  const rest = list.filter((l) => l.key !== key)
  if (removed?.isPrimary && rest[0] && !rest.some((l) => l.isPrimary)) rest[0] = { ...rest[0], isPrimary: true }
  return rest
}

export const makePrimary = (list: PatientDraft["locations"], key: string): PatientDraft["locations"] => list.map((l) => ({ ...l, isPrimary: l.key === key }))

/**
 * The profile as it is, with another photo: what the photo editor saves. Dependants and alerts
 * are left out, so they stay untouched; a profile the form would refuse is refused here too.
 */
export function photoUpdateOf(patient: Patient, photoUrl: string | null): DraftCheck {
  const checked = checkDraft(draftOf(patient))
  if (!checked.ok) return checked
  const { dependants: _d, medicalAlerts: _a, ...rest } = checked.value
  return { ok: true, value: { ...rest, photoUrl } }
}
