import type { TFunction } from "i18next"
import type { PaymentMethod } from "../../../../schemas/payments.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"

/** The method the patient chose on the provider's page, or a dash before they chose one. */
export const methodLabel = (t: TFunction, method: PaymentMethod | null): string => (method ? t(`doctorPayments.methods.${method}`) : "—")

/** A month of the totals ("2026-12") in the user's language, e.g. « décembre 2026 ». */
export const monthLabel = (month: string, language: Language): string => formatDate(`${month}-01`, language, { month: "long", year: "numeric" })

/** `promed-paiements-<date>.csv`, the date being today's where the doctor practises (yyyy-MM-dd: the Canadian English format is ISO's). */
export const paymentsFileName = (timeZone: string, now: Date = new Date()): string =>
  `promed-paiements-${new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now)}.csv`
