import { formatDate } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"

/** When a payment happened (paid, refunded), with its time, in the appointment's zone: « 24 novembre 2026 à 09:01 ». */
export const paymentDate = (instant: string, language: Language, timeZone: string): string =>
  formatDate(instant, language, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, timeZone)
