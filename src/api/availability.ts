import { queryOptions } from "@tanstack/react-query"
import { Temporal } from "temporal-polyfill"
import { Availability, AvailabilityList, type AvailabilityInput, TimeSlotList } from "../../schemas/availability.ts"
import { OkResponse } from "../../schemas/session.ts"
import { apiRequest } from "./client.ts"

const base = (doctorId: string) => `/doctor-availability/${encodeURIComponent(doctorId)}`

/** Query keys of a doctor's own schedule; invalidating `all(doctorId)` refreshes every view. */
export const scheduleKeys = {
  all: (doctorId: string) => ["doctorSchedule", doctorId] as const,
  availabilities: (doctorId: string) => [...scheduleKeys.all(doctorId), "availabilities"] as const,
  week: (doctorId: string, monday: string) => [...scheduleKeys.all(doctorId), "week", monday] as const,
}

/** GET /doctor-availability/{id} as the doctor: availabilities with every upcoming slot and status. */
export const availabilitiesQuery = (doctorId: string) =>
  queryOptions({
    queryKey: scheduleKeys.availabilities(doctorId),
    queryFn: ({ signal }) => apiRequest(AvailabilityList, base(doctorId), { signal }),
    staleTime: 10_000,
  })

/** The doctor's slots of one week (Monday to Sunday), BOOKED ones with their appointment. */
export const weekScheduleQuery = (doctorId: string, monday: string) =>
  queryOptions({
    queryKey: scheduleKeys.week(doctorId, monday),
    queryFn: ({ signal }) =>
      apiRequest(TimeSlotList, `${base(doctorId)}/time-slots`, {
        query: { startDate: monday, endDate: Temporal.PlainDate.from(monday).add({ days: 6 }).toString() },
        signal,
      }),
    staleTime: 10_000,
  })

export const createAvailability = (doctorId: string, input: AvailabilityInput) => apiRequest(Availability, base(doctorId), { method: "POST", body: input })

export const deleteAvailability = (doctorId: string, availabilityId: string) =>
  apiRequest(OkResponse, `${base(doctorId)}/availability/${encodeURIComponent(availabilityId)}`, { method: "DELETE" })
