import * as Schema from "effect/Schema"
import { Location } from "./common.ts"
import { BloodType, Civility, DependantRelationship, EmergencyRelationship, Gender, MedicalRecordType, NotificationMethod, Severity } from "./enums.ts"
import { boundedLine, Email, IsoDate, LIMITS, PastIsoDate, requiredMultilineText, personName, requiredText } from "./fields.ts"
import { ContactPhone, ProfilePhone } from "./phone.ts"
import { PatientSettings } from "./settings.ts"
import { PendingPhoneCode } from "./verification.ts"
import { EmergencyContactId, MedicalRecordId, PatientId, UserId } from "./ids.ts"
import { COLLECTION_CAPS } from "./collectionCaps.ts"

const nameField = (key: string) => personName(`validation.${key}`)
const textList = Schema.Array(boundedLine(200)).check(Schema.isMaxLength(50))

export const Dependant = Schema.Struct({
  id: Schema.optionalKey(boundedLine(100).pipe(Schema.brand("DependantId"))),
  firstName: nameField("firstNameRequired"),
  lastName: nameField("lastNameRequired"),
  dateOfBirth: PastIsoDate,
  gender: Gender,
  relationship: DependantRelationship,
  bloodType: Schema.optionalKey(Schema.NullOr(BloodType)),
  allergies: Schema.optionalKey(textList),
  conditions: Schema.optionalKey(textList),
})
export type Dependant = typeof Dependant.Type

export const EmergencyContact = Schema.Struct({
  id: EmergencyContactId,
  firstName: Schema.String,
  lastName: Schema.String,
  phoneNumber: Schema.String,
  email: Schema.NullOr(Schema.String),
  priority: Schema.Int,
  relationship: EmergencyRelationship,
})
export type EmergencyContact = typeof EmergencyContact.Type

/** Body of POST /patients/{id}/emergency-contacts and PUT /patients/emergency-contacts/{id}. */
export const EmergencyContactInput = Schema.Struct({
  firstName: nameField("firstNameRequired"),
  lastName: nameField("lastNameRequired"),
  phoneNumber: ContactPhone,
  email: Schema.optionalKey(Schema.NullOr(Email)),
  priority: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 99 }))),
  relationship: EmergencyRelationship,
})
export type EmergencyContactInput = typeof EmergencyContactInput.Type

export const MedicalAlert = Schema.Struct({
  id: Schema.optionalKey(boundedLine(100)),
  type: requiredText("validation.alertTypeRequired", 100),
  description: requiredMultilineText("validation.alertDescriptionRequired", 500),
  severity: Severity,
})
export type MedicalAlert = typeof MedicalAlert.Type

export const Attachment = Schema.Struct({ id: Schema.String, name: Schema.String, url: Schema.String })
export type Attachment = typeof Attachment.Type

/** An attachment as a record form sends it: the stored file's name and its download URL (checked by the gateway). */
export const AttachmentInput = Schema.Struct({ id: boundedLine(300), name: requiredText("validation.fileRequired", 255), url: boundedLine(1000) })

export const MedicalRecord = Schema.Struct({
  id: MedicalRecordId,
  title: Schema.String,
  type: MedicalRecordType,
  description: Schema.String,
  date: Schema.String,
  doctor: Schema.NullOr(Schema.Struct({ name: Schema.String, specialty: Schema.NullOr(Schema.String) })),
  attachments: Schema.Array(Attachment),
})
export type MedicalRecord = typeof MedicalRecord.Type

export const Patient = Schema.Struct({
  id: PatientId,
  userId: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  dateOfBirth: Schema.NullOr(Schema.String),
  civility: Schema.NullOr(Civility),
  bloodType: Schema.NullOr(BloodType),
  photoUrl: Schema.NullOr(Schema.String),
  /** A sign-in address asked for and not confirmed yet (its link was mailed to it). */
  pendingEmail: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Issue 38: whether the number was proved by its code (only then does it get SMS). */
  phoneVerified: Schema.optionalKey(Schema.Boolean),
  /** Issue 38: whether the sign-in address was proved by its link (only then does it get notices). */
  emailVerified: Schema.optionalKey(Schema.Boolean),
  /** A code sent to the number and still alive: when it dies and when another may be asked. */
  phoneCode: Schema.optionalKey(Schema.NullOr(PendingPhoneCode)),
  preferredNotificationMethods: Schema.Array(NotificationMethod),
  allergies: Schema.Array(Schema.String),
  chronicConditions: Schema.Array(Schema.String),
  medicalAlerts: Schema.Array(MedicalAlert),
  medicalRecords: Schema.Array(MedicalRecord),
  dependants: Schema.Array(Dependant),
  emergencyContacts: Schema.Array(EmergencyContact),
  locations: Schema.Array(Location),
  settings: PatientSettings,
})
export type Patient = typeof Patient.Type

/**
 * PUT /patients/{id}: the patient form of SPEC §5. SPEC §4 leaves dependants and alerts unsaved;
 * here they are saved with the profile when sent (the booking wizard needs real dependants), and
 * left as they are when the keys are absent.
 */
export const PatientUpdate = Schema.Struct({
  firstName: nameField("firstNameRequired"),
  lastName: nameField("lastNameRequired"),
  email: Email,
  /** Needed only when `email` differs from the current sign-in address. */
  currentPassword: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(128, { message: "validation.tooLong" }))),
  phoneNumber: ProfilePhone,
  dateOfBirth: PastIsoDate,
  civility: Civility,
  bloodType: BloodType,
  preferredNotificationMethods: Schema.Array(NotificationMethod),
  allergies: textList,
  chronicConditions: textList,
  locations: Schema.Array(Location).check(
    Schema.isMinLength(1, { message: "validation.locationRequired" }),
    Schema.isMaxLength(LIMITS.locationsMax, { message: "validation.maxLocations" }),
    Schema.makeFilter((ls: ReadonlyArray<Location>) => ls.filter((l) => l.isPrimary).length === 1, {
      message: "validation.onePrimaryLocation",
    }),
  ),
  photoUrl: Schema.optionalKey(Schema.NullOr(boundedLine(1000))),
  dependants: Schema.optionalKey(Schema.Array(Dependant).check(Schema.isMaxLength(COLLECTION_CAPS.dependants, { message: "validation.listTooLong" }))),
  medicalAlerts: Schema.optionalKey(Schema.Array(MedicalAlert).check(Schema.isMaxLength(COLLECTION_CAPS.medicalAlerts, { message: "validation.listTooLong" }))),
})
export type PatientUpdate = typeof PatientUpdate.Type

/** The answer of PUT /patients/{id}: the saved record under `data` (SPEC §7). */
export const PatientUpdateResponse = Schema.Struct({ data: Patient })
export type PatientUpdateResponse = typeof PatientUpdateResponse.Type

export const MedicalRecordInput = Schema.Struct({
  title: Schema.optionalKey(boundedLine(200)),
  type: MedicalRecordType,
  description: requiredMultilineText("validation.descriptionRequired", 1000),
  date: Schema.optionalKey(IsoDate),
  attachments: Schema.Array(AttachmentInput).check(Schema.isMaxLength(10)),
})
export type MedicalRecordInput = typeof MedicalRecordInput.Type

/**
 * The primary location a home visit goes to: primary, with an address, and a home (HOME or no
 * residency given). Without one, HOME appointments are not offered (SPEC §4, §5).
 */
export function primaryHomeLocation<L extends Pick<Location, "isPrimary" | "address" | "residency">>(locations: ReadonlyArray<L>): L | undefined {
  return locations.find((l) => l.isPrimary && l.address.trim() !== "" && (l.residency == null || l.residency === "HOME"))
}
