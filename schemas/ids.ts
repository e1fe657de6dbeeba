import * as Schema from "effect/Schema"

/** Database ids are UUIDs; anything else is refused before it reaches a query. */
export const isId = /* @__PURE__ */ Schema.isUUID(undefined, { message: "validation.idInvalid" })
export const Id = /* @__PURE__ */ Schema.String.check(isId)

/*
 * Branded ids: one type per kind of record, so a PatientId cannot be passed where a DoctorId is
 * meant. A brand is a type only (it adds no check and nothing to the values). Each
 * schema below is the id as the gateway answers it (not checked again); `uuid(DoctorId)` is the
 * same id as a request body or an address takes it, a UUID (INVALID_PARAMETER, VALIDATION_ERROR
 * otherwise). Where a plain string becomes an id, one named place converts it: the database
 * columns (server/db/schema.ts, `.$type<…>()`), the route parameters, the tests' `testIds`.
 */

/**
 * An id schema: Schema.String, typed as `Schema.String.pipe(Schema.brand(name))` would be.
 * Effect's brand only narrows the type ("it does not change the schema's runtime AST or add
 * runtime checks") but makes a schema object per call, which the entry chunk would carry for every
 * kind of id; as a type alone the brands cost nothing at runtime.
 */
type BrandedId<B extends string> = Schema.brand<Schema.String, B>

export const UserId = Schema.String as unknown as BrandedId<"UserId">
export type UserId = typeof UserId.Type

export const DoctorId = Schema.String as unknown as BrandedId<"DoctorId">
export type DoctorId = typeof DoctorId.Type

export const PatientId = Schema.String as unknown as BrandedId<"PatientId">
export type PatientId = typeof PatientId.Type

export const DependantId = Schema.String as unknown as BrandedId<"DependantId">
export type DependantId = typeof DependantId.Type

export const AppointmentId = Schema.String as unknown as BrandedId<"AppointmentId">
export type AppointmentId = typeof AppointmentId.Type

export const TimeSlotId = Schema.String as unknown as BrandedId<"TimeSlotId">
export type TimeSlotId = typeof TimeSlotId.Type

export const AvailabilityId = Schema.String as unknown as BrandedId<"AvailabilityId">
export type AvailabilityId = typeof AvailabilityId.Type

/** A healthcare facility's (`healthcareFacilityId`, `facilityId`). */
export const FacilityId = Schema.String as unknown as BrandedId<"FacilityId">
export type FacilityId = typeof FacilityId.Type

export const ReviewId = Schema.String as unknown as BrandedId<"ReviewId">
export type ReviewId = typeof ReviewId.Type

export const MedicalRecordId = Schema.String as unknown as BrandedId<"MedicalRecordId">
export type MedicalRecordId = typeof MedicalRecordId.Type

export const EmergencyContactId = Schema.String as unknown as BrandedId<"EmergencyContactId">
export type EmergencyContactId = typeof EmergencyContactId.Type

export const DoctorRequestId = Schema.String as unknown as BrandedId<"DoctorRequestId">
export type DoctorRequestId = typeof DoctorRequestId.Type

/** A deposit's payment (issue 40). */
export const PaymentId = Schema.String as unknown as BrandedId<"PaymentId">
export type PaymentId = typeof PaymentId.Type

/** The id as a request or an address takes it: the same brand, checked to be a UUID. */
export const uuid = <B extends string>(id: Schema.brand<Schema.String, B>): Schema.brand<Schema.String, B> => id.check(isId)

/** No id: where a query is kept disabled until the id is known, or a field a gateway refuses when the caller has none. */
export const NO_ID = "" as never

/** The id a select's text names among the records it offered (a form's boundary), or undefined. */
export const idAmong = <I extends string>(offered: ReadonlyArray<{ readonly id: I }>, text: string): I | undefined => offered.find((o) => o.id === text)?.id
