import { Availability, AvailabilityInput, AvailabilityList, AvailableSlotsQuery, PublicDaySlotsQuery, PublicSlotsQuery, TimeSlotList } from "../availability.ts"
import { endpoint } from "../contract.ts"
import { IsoDate } from "../fields.ts"
import { AvailabilityId, DoctorId, uuid } from "../ids.ts"
import { OkResponse } from "../session.ts"

/*
 * A doctor's availability and slots (issues 3 and 5). Handlers: server/routes/availability.ts
 * (the schedule) and server/routes/timeSlots.ts (public slot reads); clients: src/api/availability.ts,
 * src/api/timeSlots.ts, src/features/appointments-shared/slotQueries.ts. Writes and the full slot
 * read are the doctor's own (another doctor: FORBIDDEN_ACTION).
 */

const ownSchedule = ["FORBIDDEN_ACTION", "DOCTOR_NOT_FOUND"] as const

/** Public, since patients book from it; only the doctor sees BOOKED slots and their appointments. */
export const getAvailability = endpoint({
  method: "GET",
  path: "/doctor-availability/:doctorId",
  params: { doctorId: uuid(DoctorId) },
  response: AvailabilityList,
  access: "public",
  errors: ["DOCTOR_NOT_FOUND"],
})

/** Every slot of a date range with its status and appointment: the doctor's week and day views. */
export const getScheduleSlots = endpoint({
  method: "GET",
  path: "/doctor-availability/:doctorId/time-slots",
  params: { doctorId: uuid(DoctorId) },
  query: AvailableSlotsQuery,
  response: TimeSlotList,
  access: ["DOCTOR"],
  errors: ownSchedule,
})

export const createAvailability = endpoint({
  method: "POST",
  path: "/doctor-availability/:doctorId",
  params: { doctorId: uuid(DoctorId) },
  body: AvailabilityInput,
  response: Availability,
  status: 201,
  access: ["DOCTOR"],
  errors: [...ownSchedule, "AVAILABILITY_ALREADY_EXISTS", "BUSINESS_ERROR", "HEALTHCARE_FACILITY_NOT_FOUND"],
})

/** Booked slots cannot go (BUSINESS_ERROR, SPEC §8). */
export const deleteAvailability = endpoint({
  method: "DELETE",
  path: "/doctor-availability/:doctorId/availability/:availabilityId",
  params: { doctorId: uuid(DoctorId), availabilityId: uuid(AvailabilityId) },
  response: OkResponse,
  access: ["DOCTOR"],
  errors: [...ownSchedule, "AVAILABILITY_NOT_FOUND", "BUSINESS_ERROR"],
})

/** AVAILABLE future slots of a date range (`include=booked` adds BOOKED ones), at most 62 days. */
export const getAvailableSlots = endpoint({
  method: "GET",
  path: "/doctor-availability/:id/available-time-slots",
  params: { id: uuid(DoctorId) },
  query: PublicSlotsQuery,
  response: TimeSlotList,
  access: "public",
  errors: ["DOCTOR_NOT_FOUND"],
})

/** The same for one date (yyyy-MM-dd). */
export const getAvailableSlotsOfDate = endpoint({
  method: "GET",
  path: "/doctor-availability/:id/available-time-slots/date/:date",
  params: { id: uuid(DoctorId), date: IsoDate },
  query: PublicDaySlotsQuery,
  response: TimeSlotList,
  access: "public",
  errors: ["DOCTOR_NOT_FOUND"],
})
