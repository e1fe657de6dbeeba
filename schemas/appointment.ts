import * as Schema from "effect/Schema"
import { AppointmentStatus, AppointmentType, Civility, Gender, SERVICE_CODES } from "./enums.ts"
import { boundedLine, Line, requiredMultilineText, UtcInstant } from "./fields.ts"
import { REASON_MAX } from "./limits.ts"
import { AppointmentId, DependantId, DoctorId, FacilityId, PatientId, TimeSlotId, uuid } from "./ids.ts"

/**
 * The dependant an appointment is for, as its parties see it: the patient who booked, and the
 * doctor of that appointment, who must know whom they see (issue 39). Birth date and sex are
 * optional only because copies kept offline before them lack them; the gateway always sends both.
 */
export const AppointmentPerson = Schema.Struct({
  id: DependantId,
  firstName: Schema.String,
  lastName: Schema.String,
  dateOfBirth: Schema.optionalKey(Schema.String),
  gender: Schema.optionalKey(Gender),
})

export const AppointmentPatient = Schema.Struct({
  id: PatientId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.NullOr(Schema.String),
  phoneNumber: Schema.NullOr(Schema.String),
  dateOfBirth: Schema.NullOr(Schema.String),
  civility: Schema.NullOr(Civility),
  /** Set when the appointment is for one of the patient's dependants. */
  dependant: Schema.NullOr(AppointmentPerson),
})

export const AppointmentLocation = Schema.Struct({
  address: Schema.String,
  city: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
})

export const Appointment = Schema.Struct({
  id: AppointmentId,
  doctorId: DoctorId,
  doctor: Schema.Struct({
    firstName: Schema.String,
    lastName: Schema.String,
    photoUrl: Schema.NullOr(Schema.String),
    /** Code (the interface translates it) and the gateway's French label (shown when no text exists). */
    specialties: Schema.Array(Schema.Struct({ code: Schema.String, label: Schema.String })),
  }),
  patientId: PatientId,
  patient: AppointmentPatient,
  /** UTC, second precision. */
  appointmentTime: Schema.String,
  timeZone: Schema.String,
  appointmentType: AppointmentType,
  status: AppointmentStatus,
  healthcareFacilityId: Schema.NullOr(FacilityId),
  reason: Schema.String,
  location: Schema.NullOr(AppointmentLocation),
  timeSlotId: Schema.NullOr(TimeSlotId),
  createdAt: Schema.String,
  /** Issue 40: the doctor marked the patient absent once its time had passed (its status stays as SPEC has it). */
  noShow: Schema.Boolean,
})
export type Appointment = typeof Appointment.Type
export const AppointmentList = Schema.Array(Appointment)

/**
 * POST /appointments (SPEC §7). `status` is accepted for compatibility but the gateway decides it
 * (CONFIRMED, SPEC §4); `dependantId` books for one of the caller's dependants.
 */
export const CreateAppointmentRequest = Schema.Struct({
  doctorId: uuid(DoctorId),
  patientId: uuid(PatientId),
  dependantId: Schema.optionalKey(Schema.NullOr(uuid(DependantId))),
  timeSlotId: uuid(TimeSlotId),
  appointmentTime: UtcInstant,
  appointmentType: AppointmentType,
  status: Schema.optionalKey(AppointmentStatus),
  healthcareFacilityId: Schema.optionalKey(Schema.NullOr(uuid(FacilityId))),
  reason: requiredMultilineText("validation.reasonRequired", REASON_MAX),
  location: Schema.optionalKey(Schema.NullOr(boundedLine(500))),
})
export type CreateAppointmentRequest = typeof CreateAppointmentRequest.Type

/** PUT /appointments/{id}: reschedule to another slot of the same doctor, or change the reason. */
export const UpdateAppointmentRequest = Schema.Struct({
  timeSlotId: Schema.optionalKey(uuid(TimeSlotId)),
  appointmentTime: Schema.optionalKey(UtcInstant),
  reason: Schema.optionalKey(requiredMultilineText("validation.reasonRequired", REASON_MAX)),
})
export type UpdateAppointmentRequest = typeof UpdateAppointmentRequest.Type

/**
 * Step 1 of the booking wizard (SPEC §5): for whom ("self" or a dependant id), a reason that is
 * not blank once trimmed, and an appointment type. The slot (the date) is chosen in step 2.
 */
export const BookingDetails = Schema.Struct({
  forWhom: Line.check(Schema.isMinLength(1, { message: "validation.patientRequired" })),
  reason: requiredMultilineText("validation.reasonRequired", REASON_MAX),
  appointmentType: Schema.String.check(
    Schema.makeFilter((s: string) => (SERVICE_CODES as ReadonlyArray<string>).includes(s), { message: "validation.typeRequired" }),
  ),
})
export type BookingDetails = typeof BookingDetails.Type

/**
 * The dependant a booking's `forWhom` names: the step-1 select offers "self" and the ids of the
 * patient's own dependants (Patient.dependants), so its value, when not "self", is a DependantId
 * (the gateway checks it is the caller's). The one place the form's text becomes that id.
 */
export const chosenDependant = (forWhom: string): DependantId => forWhom as DependantId
