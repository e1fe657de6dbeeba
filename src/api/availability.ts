import { queryOptions } from "@tanstack/react-query"
import { Temporal } from "temporal-polyfill"
import type { AvailabilityInput } from "../../schemas/availability.ts"
import * as availability from "../../schemas/contracts/availability.ts"
import { callApi } from "./client.ts"
import type { AvailabilityId, DoctorId } from "../../schemas/ids.ts"

/** Query keys of a doctor's own schedule; invalidating `all(doctorId)` refreshes every view. */
export const scheduleKeys = {
  all: (doctorId: DoctorId) => ["doctorSchedule", doctorId] as const,
  availabilities: (doctorId: DoctorId) => [...scheduleKeys.all(doctorId), "availabilities"] as const,
  week: (doctorId: DoctorId, monday: string) => [...scheduleKeys.all(doctorId), "week", monday] as const,
}

/** GET /doctor-availability/{id} as the doctor: availabilities with every upcoming slot and status. */
export const availabilitiesQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: scheduleKeys.availabilities(doctorId),
    queryFn: ({ signal }) => callApi(availability.getAvailability, { params: { doctorId }, signal }),
    staleTime: 10_000,
  })

/** The doctor's slots of one week (Monday to Sunday), BOOKED ones with their appointment. */
export const weekScheduleQuery = (doctorId: DoctorId, monday: string) =>
  queryOptions({
    queryKey: scheduleKeys.week(doctorId, monday),
    queryFn: ({ signal }) =>
      callApi(availability.getScheduleSlots, {
        params: { doctorId },
        query: { startDate: monday, endDate: Temporal.PlainDate.from(monday).add({ days: 6 }).toString() },
        signal,
      }),
    staleTime: 10_000,
  })

export const createAvailability = (doctorId: DoctorId, input: AvailabilityInput) =>
  callApi(availability.createAvailability, { params: { doctorId }, body: input })

export const deleteAvailability = (doctorId: DoctorId, availabilityId: AvailabilityId) =>
  callApi(availability.deleteAvailability, { params: { doctorId, availabilityId } })
