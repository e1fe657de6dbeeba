import { createElement, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { INTL_LOCALE, type Language } from "./languages.ts"

/**
 * Formatters are made once per language and options: making one costs far more than using it (a
 * week of slots is a hundred times and dates, each of which made its own formatter, with its zone).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>()
export function formatterOf<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  kind: new (locale: string, options: object) => F,
  language: Language,
  options: object,
): F {
  const key = `${kind.name} ${language} ${JSON.stringify(options)}`
  let format = formatters.get(key) as F | undefined
  if (!format) formatters.set(key, (format = new kind(INTL_LOCALE[language], options)))
  return format
}

/** Whole numbers grouped the way each language writes them (Arabic with Latin digits, INTL_LOCALE). */
export function formatNumber(value: number, language: Language): string {
  return formatterOf(Intl.NumberFormat, language, { maximumFractionDigits: 0 }).format(value)
}

/**
 * `formatFcfa(25000)` gives `25 000 FCFA`: the amount grouped per language, then the label (SPEC §1).
 * No-break spaces keep it on one line; show it through <Money> so right-to-left text cannot reorder it.
 */
export const formatFcfa = (amount: number, language: Language = "fr"): string => `${formatNumber(amount, language)}\u00a0FCFA`

// The components below are written with createElement so this module stays the one chunk that every
// screen showing amounts or dates already loads (a .tsx beside it would be one more file to list in the entry).

/**
 * A left-to-right run (an id, a phone number, an e-mail, an amount) isolated from the text around
 * it: in Arabic, "35 000 FCFA" then stays "35 000 FCFA" instead of "FCFA 000 35".
 */
export const Ltr = ({ children, className }: { children?: ReactNode; className?: string }) => createElement("bdi", { dir: "ltr", className }, children)

/** An FCFA amount, amount then label, as one isolated left-to-right run (`suffix` stays inside it). */
export function Money({ amount, suffix = "" }: { amount: number; suffix?: string }) {
  const { i18n } = useTranslation()
  return createElement(Ltr, { className: "money" }, formatFcfa(amount, i18n.language as Language) + suffix)
}

/** An address, isolated and taking its direction from its own first letter: "18 avenue des Jambaars, Plateau" keeps its order. */
export const Address = ({ parts }: { parts: ReadonlyArray<string | null | undefined> }) => createElement("bdi", null, parts.filter(Boolean).join(", "))

/** A date (yyyy-MM-dd or an instant) in the user's language, e.g. « lundi 23 novembre 2026 » (lower case in French). */
export function formatDate(value: string | Date, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }, timeZone?: string): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)
  return formatterOf(Intl.DateTimeFormat, language, {
    ...options,
    timeZone: timeZone ?? (typeof value === "string" && value.length === 10 ? "UTC" : undefined),
  }).format(date)
}

/** The time of an instant in a given zone (the facility's), e.g. 09:30. */
export function formatTime(instant: string | Date, language: Language, timeZone: string): string {
  return formatterOf(Intl.DateTimeFormat, language, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(new Date(instant))
}

/** A rating to one decimal, e.g. 4.5 (SPEC §2). */
export function formatRating(rating: number, language: Language): string {
  return formatterOf(Intl.NumberFormat, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)
}

/** A distance in kilometres to one decimal at most, e.g. 2,5 (a facility from the visitor). */
export function formatKilometres(km: number, language: Language): string {
  return formatterOf(Intl.NumberFormat, language, { maximumFractionDigits: 1 }).format(km)
}

/** A count of seconds as `mm:ss` (`4:59` → "04:59"), in the language's digits (a countdown, issue 14). */
export function formatCountdown(seconds: number, language: Language): string {
  const whole = Math.max(0, Math.ceil(seconds))
  const two = formatterOf(Intl.NumberFormat, language, { minimumIntegerDigits: 2, useGrouping: false })
  return `${two.format(Math.floor(whole / 60))}:${two.format(whole % 60)}`
}
