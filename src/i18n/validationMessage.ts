import type { TFunction } from "i18next"
import { BOOKING_LIMITS, HOLD_RATE, LIMITS, WAITLIST_RANGE_MAX_DAYS } from "../../schemas/limits.ts"

// The bounds a validation text mentions, from the same constants the schemas check.
const PARAMS: Record<string, Record<string, number>> = {
  "validation.passwordMin": { min: LIMITS.passwordMin },
  "validation.biographyMin": { min: LIMITS.biographyMin },
  "validation.searchMin": { min: LIMITS.searchMin },
  "validation.commentMinCharacters": { min: LIMITS.commentMin },
  "validation.commentMaxCharacters": { max: LIMITS.commentMax },
  "validation.ratingMin": { min: LIMITS.ratingMin },
  "validation.ratingMax": { max: LIMITS.ratingMax },
  "validation.bookingLimitWithDoctor": { max: BOOKING_LIMITS.perPersonWithDoctor },
  "validation.bookingLimitPerDay": { max: BOOKING_LIMITS.perPersonWithDoctorPerDay },
  "validation.bookingLimitAccount": { max: BOOKING_LIMITS.perAccount },
  "booking.holdRate": { max: HOLD_RATE.holds, minutes: HOLD_RATE.windowMinutes },
  "slotWaitlist.waitlistRangeTooFar": { days: WAITLIST_RANGE_MAX_DAYS },
}

/** Translates a validation message key of the shared schemas, with the bound it speaks of. */
export function validationMessage(t: TFunction, key: string): string {
  return t(key, { ...PARAMS[key], defaultValue: t("validation.invalid") })
}
