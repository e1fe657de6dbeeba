import * as Schema from "effect/Schema"
import { Location } from "./common.ts"
import { AppointmentPatient } from "./appointment.ts"
import { BloodType, PATIENT_STATUSES } from "./enums.ts"
import { EmergencyContact, MedicalAlert } from "./patient.ts"

export { PATIENT_STATUSES }
export const PatientStatus = Schema.Literals(PATIENT_STATUSES)
export type PatientStatus = typeof PatientStatus.Type

const { dependant: _dependant, ...personFields } = AppointmentPatient.fields

/** A patient as their doctor sees them in the list (GET /doctors/{id}/patients). */
export const DoctorPatient = Schema.Struct({
  ...personFields,
  bloodType: Schema.NullOr(BloodType),
  status: PatientStatus,
  conditions: Schema.Array(Schema.String),
  allergies: Schema.Array(Schema.String),
  /** Appointments of this patient with this doctor, any status. */
  appointmentCount: Schema.Number,
  /** Instants (UTC) of the latest past and the next upcoming confirmed appointment together. */
  lastAppointment: Schema.NullOr(Schema.String),
  nextAppointment: Schema.NullOr(Schema.String),
})
export type DoctorPatient = typeof DoctorPatient.Type
export const DoctorPatientList = Schema.Array(DoctorPatient)

/** GET /doctors/{id}/patients/{patientId}: what the doctor needs to care for the patient. */
export const DoctorPatientDetail = Schema.Struct({
  ...DoctorPatient.fields,
  emergencyContacts: Schema.Array(EmergencyContact),
  locations: Schema.Array(Location),
  medicalAlerts: Schema.Array(MedicalAlert),
})
export type DoctorPatientDetail = typeof DoctorPatientDetail.Type
