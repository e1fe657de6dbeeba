import type { BookingOrigin } from "../../../machines/bookingWizard.machine.ts"
import type { TimeSlot } from "../../../schemas/availability.ts"

/**
 * The origin and slot of the Book button just pressed, handed to the wizard the address opens. It
 * is memory only and used until the wizard has saved its first draft (which then carries both),
 * so Forward or a reload later never brings back a slot the user has since changed.
 */
let offered: { doctorId: string; origin: BookingOrigin; slot: TimeSlot | null } | null = null
export const bookingOpening = {
  offer(doctorId: string, origin: BookingOrigin, slot: TimeSlot | null): void {
    offered = { doctorId, origin, slot }
  },
  peek(doctorId: string) {
    return offered?.doctorId === doctorId ? offered : null
  },
  settle(doctorId: string): void {
    if (offered?.doctorId === doctorId) offered = null
  },
}
