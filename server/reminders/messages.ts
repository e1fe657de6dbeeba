import { Temporal } from "temporal-polyfill"
import type { NoticeKind } from "../../schemas/notification.ts"
import { fitsOneSms, toGsm7Latin } from "../sms/segments.ts"

export type NoticeLanguage = "fr" | "en" | "ar"
export type { NoticeKind }

/** What a notice may say: time, doctor, place. Never the reason or any other medical detail. */
export interface NoticeFacts {
  readonly at: Date
  readonly timeZone: string
  readonly doctor: string
  readonly place: string
}

/** The saved app language (EN, FR, AR) as a notice language; French when unknown, as most patients read it. */
export const noticeLanguageOf = (appLanguage: string | null | undefined): NoticeLanguage => {
  const lang = appLanguage?.toLowerCase()
  return lang === "en" || lang === "ar" ? lang : "fr"
}

/** "25/11 14:30" in the facility's zone: short, Latin digits, the same in every language. */
export function shortWhen(at: Date, timeZone: string): string {
  const t = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone)
  const two = (n: number) => String(n).padStart(2, "0")
  return `${two(t.day)}/${two(t.month)} ${two(t.hour)}:${two(t.minute)}`
}

// Arabic text isolates each value (first strong isolate … pop) so names and times keep their direction.
export const isolate = (lang: NoticeLanguage, value: string) => (lang === "ar" ? `\u2068${value}\u2069` : value)

type SmsTemplate = (when: string, doctor: string, place: string) => string

const SMS: Record<NoticeLanguage, Record<NoticeKind, SmsTemplate>> = {
  fr: {
    REMINDER_24H: (w, d, p) => `Promed: rappel, RDV demain ${w} avec ${d}, ${p}.`,
    REMINDER_2H: (w, d, p) => `Promed: rappel, RDV ${w} avec ${d}, ${p}.`,
    CANCELLATION: (w, d, p) => `Promed: votre RDV du ${w} avec ${d} (${p}) est annulé.`,
  },
  en: {
    REMINDER_24H: (w, d, p) => `Promed: reminder, appointment tomorrow ${w} with ${d}, ${p}.`,
    REMINDER_2H: (w, d, p) => `Promed: reminder, appointment ${w} with ${d}, ${p}.`,
    CANCELLATION: (w, d, p) => `Promed: your appointment on ${w} with ${d} (${p}) is cancelled.`,
  },
  ar: {
    REMINDER_24H: (w, d, p) => `Promed: تذكير، موعدك غدا ${w} مع ${d}، ${p}`,
    REMINDER_2H: (w, d, p) => `Promed: تذكير، موعدك ${w} مع ${d}، ${p}`,
    CANCELLATION: (w, d, p) => `Promed: أُلغي موعدك ${w} مع ${d}، ${p}`,
  },
}

/** `text` cut to `length` characters, marked with a dot when cut. */
const cut = (text: string, length: number) => (length >= text.length ? text : length <= 1 ? "" : `${text.slice(0, length - 1).trimEnd()}.`)

/**
 * The SMS of a notice, in one message (160 GSM-7 characters, 70 when it needs UCS-2): the place is
 * shortened first, then the doctor's name; the time is never cut.
 */
export function buildSms(lang: NoticeLanguage, kind: NoticeKind, facts: NoticeFacts): string {
  const template = SMS[lang][kind]
  const when = isolate(lang, shortWhen(facts.at, facts.timeZone))
  const compose = (doctor: string, place: string) => {
    const text = template(when, isolate(lang, doctor), isolate(lang, place))
    return lang === "ar" ? text : toGsm7Latin(text)
  }
  for (let placeLength = facts.place.length; placeLength >= 0; placeLength--) {
    const text = compose(facts.doctor, cut(facts.place, placeLength))
    if (fitsOneSms(text)) return text
  }
  for (let doctorLength = facts.doctor.length; doctorLength >= 0; doctorLength--) {
    const text = compose(cut(facts.doctor, doctorLength), "")
    if (fitsOneSms(text)) return text
  }
  return compose("", "")
}

const EMAIL: Record<
  NoticeLanguage,
  { locale: string; subjects: Record<NoticeKind, string>; lines: Record<NoticeKind, string>; doctor: string; place: string; sign: string }
> = {
  fr: {
    locale: "fr-FR",
    subjects: {
      REMINDER_24H: "Rappel : votre rendez-vous de demain",
      REMINDER_2H: "Rappel : votre rendez-vous approche",
      CANCELLATION: "Votre rendez-vous est annulé",
    },
    lines: {
      REMINDER_24H: "Votre rendez-vous a lieu demain.",
      REMINDER_2H: "Votre rendez-vous a lieu dans deux heures.",
      CANCELLATION: "Ce rendez-vous a été annulé.",
    },
    doctor: "Médecin",
    place: "Lieu",
    sign: "L'équipe Promed",
  },
  en: {
    locale: "en-GB",
    subjects: {
      REMINDER_24H: "Reminder: your appointment tomorrow",
      REMINDER_2H: "Reminder: your appointment is soon",
      CANCELLATION: "Your appointment is cancelled",
    },
    lines: {
      REMINDER_24H: "Your appointment is tomorrow.",
      REMINDER_2H: "Your appointment is in two hours.",
      CANCELLATION: "This appointment has been cancelled.",
    },
    doctor: "Doctor",
    place: "Place",
    sign: "The Promed team",
  },
  ar: {
    locale: "ar-u-nu-latn",
    subjects: { REMINDER_24H: "تذكير: موعدك غدا", REMINDER_2H: "تذكير: موعدك قريب", CANCELLATION: "أُلغي موعدك" },
    lines: { REMINDER_24H: "موعدك غدا.", REMINDER_2H: "موعدك بعد ساعتين.", CANCELLATION: "أُلغي هذا الموعد." },
    doctor: "الطبيب",
    place: "المكان",
    sign: "فريق Promed",
  },
}

/** The full date and time of a notice in its language and the facility's zone. */
export const longWhen = (lang: NoticeLanguage, at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(EMAIL[lang].locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(at)

/** The email of a notice: the same facts as the SMS, none cut. */
export function buildEmail(lang: NoticeLanguage, kind: NoticeKind, facts: NoticeFacts): { subject: string; text: string } {
  const words = EMAIL[lang]
  const text = [
    words.lines[kind],
    "",
    isolate(lang, longWhen(lang, facts.at, facts.timeZone)),
    `${words.doctor}: ${isolate(lang, facts.doctor)}`,
    `${words.place}: ${isolate(lang, facts.place)}`,
    "",
    words.sign,
  ].join("\n")
  return { subject: `Promed – ${words.subjects[kind]}`, text }
}
