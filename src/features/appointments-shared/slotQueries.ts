import { queryOptions } from "@tanstack/react-query"
import { Temporal } from "temporal-polyfill"
import { getAvailableSlots } from "../../../schemas/contracts/availability.ts"
import { callApi } from "../../api/client.ts"
import type { DoctorId } from "../../../schemas/ids.ts"

/** The 7 days from `monday`, AVAILABLE and BOOKED slots (a week grid shows taken ones as such). */
export const weekSlotsQuery = (doctorId: DoctorId, monday: string) =>
  queryOptions({
    queryKey: ["timeSlots", doctorId, "week", monday],
    queryFn: ({ signal }) =>
      callApi(getAvailableSlots, {
        params: { id: doctorId },
        query: { startDate: monday, endDate: Temporal.PlainDate.from(monday).add({ days: 6 }).toString(), include: "booked" },
        signal,
      }),
    staleTime: 15_000,
  })

/** How far ahead "next availability" looks: the gateway answers at most 62 days at once. */
export const NEXT_AVAILABILITY_DAYS = 62

/** The first AVAILABLE slot from `fromDate` on, within NEXT_AVAILABILITY_DAYS, or null. */
export const nextAvailableSlotQuery = (doctorId: DoctorId, fromDate: string) =>
  queryOptions({
    queryKey: ["timeSlots", doctorId, "next", fromDate],
    queryFn: async ({ signal }) => {
      const slots = await callApi(getAvailableSlots, {
        params: { id: doctorId },
        query: {
          startDate: fromDate,
          endDate: Temporal.PlainDate.from(fromDate)
            .add({ days: NEXT_AVAILABILITY_DAYS - 1 })
            .toString(),
        },
        signal,
      })
      return slots.find((s) => s.status === "AVAILABLE") ?? null
    },
    staleTime: 15_000,
  })
