import type {
  AppointmentId,
  AvailabilityId,
  DependantId,
  DoctorId,
  DoctorRequestId,
  EmergencyContactId,
  FacilityId,
  MedicalRecordId,
  PatientId,
  ReviewId,
  TimeSlotId,
  UserId,
} from "./ids.ts"

/**
 * Ids written by hand in tests, fixtures, seeds and sample records: the text is taken as the id of
 * the kind named (schemas/ids.ts). Never for a value from outside; those are decoded or read from
 * the database's branded columns.
 */
export const testIds = {
  user: (id: string) => id as UserId,
  doctor: (id: string) => id as DoctorId,
  patient: (id: string) => id as PatientId,
  dependant: (id: string) => id as DependantId,
  appointment: (id: string) => id as AppointmentId,
  timeSlot: (id: string) => id as TimeSlotId,
  availability: (id: string) => id as AvailabilityId,
  facility: (id: string) => id as FacilityId,
  review: (id: string) => id as ReviewId,
  medicalRecord: (id: string) => id as MedicalRecordId,
  emergencyContact: (id: string) => id as EmergencyContactId,
  doctorRequest: (id: string) => id as DoctorRequestId,
}
