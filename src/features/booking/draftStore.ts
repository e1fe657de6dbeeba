import * as Schema from "effect/Schema"
import type { BookingDraft } from "../../../machines/bookingWizard.machine.ts"
import { TimeSlot } from "../../../schemas/availability.ts"
import { AppointmentType } from "../../../schemas/enums.ts"

/**
 * What a tab keeps of an open booking wizard, by doctor (and patient, when a doctor books; issue 11): a reload, Back then Forward,
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

const keyOf = (draftKey: string) => `promed.bookingDraft.${draftKey}`

export const draftStore = {
  /** The tab's draft under this key, or null when there is none or it no longer reads. */
  read(draftKey: string): BookingDraft | null {
    try {
      const raw = sessionStorage.getItem(keyOf(draftKey))
      if (raw === null) return null
      const exit = decodeDraft(JSON.parse(raw))
      return exit._tag === "Success" ? exit.value : null
    } catch {
      return null
    }
  },
  write(draftKey: string, draft: BookingDraft): void {
    try {
      sessionStorage.setItem(keyOf(draftKey), JSON.stringify(draft))
    } catch {
      // Storage refused: the draft lasts as long as the dialog.
    }
  },
  clear(draftKey: string): void {
    try {
      sessionStorage.removeItem(keyOf(draftKey))
    } catch {
      // Nothing stored.
    }
  },
}
