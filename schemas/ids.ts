import * as Schema from "effect/Schema"

/** Database ids are UUIDs; anything else is refused before it reaches a query. */
export const isId = Schema.isUUID(undefined, { message: "validation.idInvalid" })
export const Id = Schema.String.check(isId)

/*
 * Branded ids: one type per kind of record, so a PatientId cannot be passed where a DoctorId is
 * meant. A brand is a type only (Schema.brand adds no check and nothing to the values). Each
 * schema below is the id as the gateway answers it (not checked again); `uuid(DoctorId)` is the
 * same id as a request body or an address takes it, a UUID (INVALID_PARAMETER, VALIDATION_ERROR
 * otherwise). Where a plain string becomes an id, one named place converts it: the database
 * columns (server/db/schema.ts, `.$type<…>()`), the route parameters, the tests' `testIds`.
 */

export const UserId = Schema.String.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type

export const DoctorId = Schema.String.pipe(Schema.brand("DoctorId"))
export type DoctorId = typeof DoctorId.Type

export const PatientId = Schema.String.pipe(Schema.brand("PatientId"))
export type PatientId = typeof PatientId.Type

export const DependantId = Schema.String.pipe(Schema.brand("DependantId"))
export type DependantId = typeof DependantId.Type

export const AppointmentId = Schema.String.pipe(Schema.brand("AppointmentId"))
export type AppointmentId = typeof AppointmentId.Type

export const TimeSlotId = Schema.String.pipe(Schema.brand("TimeSlotId"))
export type TimeSlotId = typeof TimeSlotId.Type

export const AvailabilityId = Schema.String.pipe(Schema.brand("AvailabilityId"))
export type AvailabilityId = typeof AvailabilityId.Type

/** A healthcare facility's (`healthcareFacilityId`, `facilityId`). */
export const FacilityId = Schema.String.pipe(Schema.brand("FacilityId"))
export type FacilityId = typeof FacilityId.Type

export const ReviewId = Schema.String.pipe(Schema.brand("ReviewId"))
export type ReviewId = typeof ReviewId.Type

export const MedicalRecordId = Schema.String.pipe(Schema.brand("MedicalRecordId"))
export type MedicalRecordId = typeof MedicalRecordId.Type

export const EmergencyContactId = Schema.String.pipe(Schema.brand("EmergencyContactId"))
export type EmergencyContactId = typeof EmergencyContactId.Type

export const DoctorRequestId = Schema.String.pipe(Schema.brand("DoctorRequestId"))
export type DoctorRequestId = typeof DoctorRequestId.Type

/** The id as a request or an address takes it: the same brand, checked to be a UUID. */
export const uuid = <B extends string>(id: Schema.brand<Schema.String, B>): Schema.brand<Schema.String, B> => id.check(isId)

/** No id: where a query is kept disabled until the id is known, or a field a gateway refuses when the caller has none. */
export const NO_ID = "" as never

/** The id a select's text names among the records it offered (a form's boundary), or undefined. */
export const idAmong = <I extends string>(offered: ReadonlyArray<{ readonly id: I }>, text: string): I | undefined => offered.find((o) => o.id === text)?.id
