import type { ActorRefFrom } from "xstate"
import type { scheduleMachine } from "../../../../machines/schedule.machine.ts"
import type { TimeSlot } from "../../../../schemas/availability.ts"

export type ScheduleRef = ActorRefFrom<typeof scheduleMachine>

/** Slots grouped by local date, each list in start order. */
export function slotsByDate(slots: ReadonlyArray<TimeSlot>): Map<string, TimeSlot[]> {
  const map = new Map<string, TimeSlot[]>()
  for (const slot of slots) map.set(slot.slotDate, [...(map.get(slot.slotDate) ?? []), slot])
  return map
}

/** A slot a patient could still take: free and not yet begun. */
export const isOpen = (slot: TimeSlot, now: number = Date.now()): boolean => slot.status === "AVAILABLE" && Date.parse(slot.startsAt) > now

/** What a slot is, as the schedule labels it: free, booked, or gone by. */
export function slotState(slot: TimeSlot, now: number = Date.now()): "available" | "booked" | "past" | "cancelled" {
  if (slot.status === "BOOKED") return "booked"
  if (slot.status === "CANCELLED") return "cancelled"
  return slot.status === "EXPIRED" || Date.parse(slot.startsAt) <= now ? "past" : "available"
}
