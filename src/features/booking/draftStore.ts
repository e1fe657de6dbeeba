import * as Schema from "effect/Schema"
import type { BookingDraft } from "../../../machines/bookingWizard.machine.ts"
import { TimeSlot } from "../../../schemas/availability.ts"
import { AppointmentType } from "../../../schemas/enums.ts"

/**
 * What a tab keeps of an open booking wizard, by doctor (issue 11): a reload, Back then Forward,
 * or a trip to the login site finds the reason, the slot and the rest again. Session storage, so
 * it lasts as long as the tab and is never shared with another.
 */
const Draft = Schema.Struct({
  origin: Schema.Literals(["search", "profile", "availability", "doctor"]),
  details: Schema.Struct({
    forWhom: Schema.String,
    reason: Schema.String.check(Schema.isMaxLength(2000)),
    appointmentType: Schema.Union([AppointmentType, Schema.Literal("")]),
  }),
  slot: Schema.NullOr(TimeSlot),
})
// JSON.parse rather than Schema.fromJsonString: the latter pulls more of effect into the entry chunk.
const decodeDraft = Schema.decodeUnknownExit(Draft)

const keyOf = (doctorId: string) => `promed.bookingDraft.${doctorId}`

export const draftStore = {
  /** The tab's draft for this doctor, or null when there is none or it no longer reads. */
  read(doctorId: string): BookingDraft | null {
    try {
      const raw = sessionStorage.getItem(keyOf(doctorId))
      if (raw === null) return null
      const exit = decodeDraft(JSON.parse(raw))
      return exit._tag === "Success" ? exit.value : null
    } catch {
      return null
    }
  },
  write(doctorId: string, draft: BookingDraft): void {
    try {
      sessionStorage.setItem(keyOf(doctorId), JSON.stringify(draft))
    } catch {
      // Storage refused: the draft lasts as long as the dialog.
    }
  },
  clear(doctorId: string): void {
    try {
      sessionStorage.removeItem(keyOf(doctorId))
    } catch {
      // Nothing stored.
    }
  },
}
