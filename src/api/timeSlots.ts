import { queryOptions } from "@tanstack/react-query"
import { TimeSlotList } from "../../schemas/availability.ts"
import { apiRequest } from "./client.ts"

/** AVAILABLE slots of a doctor from startDate to endDate (local dates, both included), in time order. */
export const availableSlotsQuery = (doctorId: string, startDate: string, endDate: string) =>
  queryOptions({
    // Under ["timeSlots", doctorId]: bookings and schedule changes invalidate every slot list of the doctor.
    queryKey: ["timeSlots", doctorId, "available", startDate, endDate] as const,
    queryFn: ({ signal }) =>
      apiRequest(TimeSlotList, `/doctor-availability/${encodeURIComponent(doctorId)}/available-time-slots`, {
        query: { startDate, endDate },
        signal,
      }),
    staleTime: 15_000,
  })
