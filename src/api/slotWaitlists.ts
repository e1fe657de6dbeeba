import { queryOptions } from "@tanstack/react-query"
import { Temporal } from "temporal-polyfill"
import { getAvailableSlots } from "../../schemas/contracts/availability.ts"
import * as waitlists from "../../schemas/contracts/slotWaitlists.ts"
import type { DoctorId } from "../../schemas/ids.ts"
import { waitlistReach, type JoinSlotWaitlistRequest, type SlotOffer } from "../../schemas/slotWaitlist.ts"
import { todayIn } from "../time/calendar.ts"
import { callApi } from "./client.ts"

/** Query keys of the freed-slot waitlist (issue 14): the patient's entries and a doctor's count. */
export const slotWaitlistKeys = {
  all: ["slotWaitlists"] as const,
  mine: () => [...slotWaitlistKeys.all, "mine"] as const,
  count: (doctorId: DoctorId) => [...slotWaitlistKeys.all, "count", doctorId] as const,
}

/** GET /slot-waitlists: the signed-in patient's entries, each with its live offer (if any). */
export const slotWaitlistsQuery = () =>
  queryOptions({ queryKey: slotWaitlistKeys.mine(), queryFn: ({ signal }) => callApi(waitlists.listSlotWaitlists, { signal }) })

/** GET /doctors/{id}/slot-waitlist: how many patients wait for this doctor (the doctor's own count). */
export const doctorSlotWaitlistCountQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: slotWaitlistKeys.count(doctorId),
    queryFn: ({ signal }) => callApi(waitlists.doctorSlotWaitlistCount, { params: { id: doctorId }, signal }),
  })

/** POST /slot-waitlists: joins a doctor's waitlist, earlier than an appointment or between two dates. */
export const joinSlotWaitlist = (body: JoinSlotWaitlistRequest) => callApi(waitlists.joinSlotWaitlist, { body })

/** DELETE /slot-waitlists/{id}: leaves a waitlist (a live offer passes to the next in line). */
export const leaveSlotWaitlist = (id: string) => callApi(waitlists.leaveSlotWaitlist, { params: { id } })

/** POST /slot-offers/{id}/decline: the offered slot passes to the next in line; the entry keeps waiting. */
export const declineSlotOffer = (id: string) => callApi(waitlists.declineSlotOffer, { params: { id } })

/** The day (yyyy-MM-dd) an offered slot falls on, in its facility's zone. */
export const offerDate = (offer: Pick<SlotOffer, "startsAt" | "timeZone">): string =>
  Temporal.Instant.from(offer.startsAt).toZonedDateTimeISO(offer.timeZone).toPlainDate().toString()

/**
 * The free slot an offer names, as the slot pickers want it (facility, date, status), read from
 * that day's slots. Null when it is no longer free for the caller (taken, or the offer's hold is
 * over and someone else holds it).
 */
export const offeredSlotQuery = (doctorId: DoctorId, offer: Pick<SlotOffer, "timeSlotId" | "startsAt" | "timeZone">) =>
  queryOptions({
    queryKey: ["timeSlots", doctorId, "offered", { timeSlotId: offer.timeSlotId, startsAt: offer.startsAt, timeZone: offer.timeZone }],
    queryFn: async ({ signal }) => {
      const day = offerDate({ startsAt: offer.startsAt, timeZone: offer.timeZone })
      const slots = await callApi(getAvailableSlots, { params: { id: doctorId }, query: { startDate: day, endDate: day }, signal })
      const wanted = offer.timeSlotId
      return slots.find((s) => s.id === wanted && s.status === "AVAILABLE") ?? null
    },
    staleTime: 0,
  })

/** Today and two weeks on: the dates a "between these dates" entry proposes first. */
export function defaultWaitlistRange(today: Temporal.PlainDate = todayIn()): { fromDate: string; toDate: string } {
  return { fromDate: today.toString(), toDate: today.add({ days: 14 }).toString() }
}

/**
 * A week's range for "between these dates", from its Monday (or today, if later) to its Sunday, cut
 * at the waitlist's reach (today + WAITLIST_RANGE_MAX_DAYS); null for a week wholly past it, where
 * joining would only be refused.
 */
export function weekRange(monday: string, today: Temporal.PlainDate = todayIn()): { fromDate: string; toDate: string } | null {
  const start = Temporal.PlainDate.from(monday)
  const reach = Temporal.PlainDate.from(waitlistReach(today.toString()))
  if (Temporal.PlainDate.compare(start, reach) > 0) return null
  const from = Temporal.PlainDate.compare(start, today) < 0 ? today : start
  const sunday = start.add({ days: 6 })
  return { fromDate: from.toString(), toDate: (Temporal.PlainDate.compare(sunday, reach) > 0 ? reach : sunday).toString() }
}
