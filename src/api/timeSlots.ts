import { queryOptions } from "@tanstack/react-query"
import { getAvailableSlots } from "../../schemas/contracts/availability.ts"
import { callApi } from "./client.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/** AVAILABLE slots of a doctor from startDate to endDate (local dates, both included), in time order. */
export const availableSlotsQuery = (doctorId: DoctorId, startDate: string, endDate: string) =>
  queryOptions({
    // Under ["timeSlots", doctorId]: bookings and schedule changes invalidate every slot list of the doctor.
    queryKey: ["timeSlots", doctorId, "available", startDate, endDate] as const,
    queryFn: ({ signal }) => callApi(getAvailableSlots, { params: { id: doctorId }, query: { startDate, endDate }, signal }),
    staleTime: 15_000,
  })
