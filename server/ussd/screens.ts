import type { SnapshotFrom } from "xstate"
import { EMERGENCY_NUMBERS } from "../../schemas/emergencyNumbers.ts"
import { USSD_PAGE_SIZE, type UssdBooked, type UssdLanguage, type UssdNotice, type ussdBookingMachine } from "../../machines/ussdBooking.machine.ts"
import { fitsOneSms, isGsm7, toGsm7Latin } from "../sms/segments.ts"

/**
 * One USSD page holds 160 octets: 182 GSM-7 characters, or 80 when a character needs UCS-2 (Arabic
 * script takes two octets each). The aggregator's `CON `/`END ` is not shown and not counted.
 */
export const USSD_GSM7_MAX = 182
export const USSD_UCS2_MAX = 80

/** The room a screen's text takes, and the most it may take in its encoding. */
export const ussdRoom = (text: string) => ({ used: [...text].length, max: isGsm7(text) ? USSD_GSM7_MAX : USSD_UCS2_MAX })

type Snapshot = SnapshotFrom<typeof ussdBookingMachine>

interface Texts {
  readonly menu: ReadonlyArray<string>
  readonly heading: Readonly<Record<"places" | "specialties" | "doctors" | "slots" | "persons" | "appointments", string>>
  readonly firstName: string
  readonly lastName: string
  readonly confirm: (slot: string, doctor: string, person: string) => string
  readonly cancelConfirm: (appointment: string) => string
  readonly yes: string
  readonly more: string
  readonly back: string
  readonly language: string
  readonly notice: Readonly<Record<Exclude<UssdNotice, null>, string>>
  readonly booked: (booked: UssdBooked) => string
  readonly noAppointments: string
  readonly cancelled: string
  readonly cancelRefused: string
  readonly emergency: (country: "SENEGAL" | "CHAD") => string
  readonly languageSaved: string
  readonly unavailable: string
  readonly expired: string
  /** The booking's confirmation by SMS (one message). */
  readonly bookedSms: (booked: UssdBooked) => string
}

/** The language menu names each language in itself. */
const LANGUAGE_CHOICES = ["1 Français", "2 English", "3 العربية"]

const TEXTS: Record<UssdLanguage, Texts> = {
  fr: {
    menu: ["Promed", "1 Prendre rendez-vous", "2 Mes rendez-vous", "3 Urgences", "4 Langue"],
    heading: {
      places: "Région ou ville :",
      specialties: "Spécialité :",
      doctors: "Médecin (tarif) :",
      slots: "Créneau :",
      persons: "Pour qui ?",
      appointments: "Annuler un RDV :",
    },
    firstName: "Votre prénom :",
    lastName: "Votre nom :",
    confirm: (slot, doctor, person) => `Confirmer le RDV du ${slot} avec ${doctor} pour ${person} ?`,
    cancelConfirm: (appointment) => `Annuler le RDV du ${appointment} ?`,
    yes: "1 Oui",
    more: "0 Plus",
    back: "00 Retour",
    language: "Langue :",
    notice: {
      invalidChoice: "Choix invalide.",
      invalidName: "Nom invalide: des lettres.",
      slotTaken: "Ce créneau vient d'être pris.",
      refused: "Refusé: RDV ce jour-là ou limite.",
      nothingFound: "Aucun résultat.",
    },
    booked: (b) => `RDV confirmé le ${b.when} avec ${b.doctor}, ${b.place}. Vous recevrez un SMS.`,
    noAppointments: "Aucun rendez-vous à venir.",
    cancelled: "Votre rendez-vous est annulé.",
    cancelRefused: "Annulation impossible moins de 24 h avant le rendez-vous. Appelez le cabinet.",
    emergency: (country) => {
      const n = EMERGENCY_NUMBERS[country]
      return `Urgences ${country === "SENEGAL" ? "Sénégal" : "Tchad"} : SAMU ${n.medical}, Police ${n.police}, Pompiers ${n.fire}`
    },
    languageSaved: "Langue enregistrée.",
    unavailable: "Service momentanément indisponible. Réessayez plus tard.",
    expired: "Session expirée. Composez à nouveau le code.",
    bookedSms: (b) => `Promed: RDV confirmé le ${b.when} avec ${b.doctor}, ${b.place}. Répondez RDV pour vos rendez-vous.`,
  },
  en: {
    menu: ["Promed", "1 Book an appointment", "2 My appointments", "3 Emergencies", "4 Language"],
    heading: {
      places: "Region or city:",
      specialties: "Specialty:",
      doctors: "Doctor (fee):",
      slots: "Time:",
      persons: "For whom?",
      appointments: "Cancel a visit:",
    },
    firstName: "Your first name:",
    lastName: "Your last name:",
    confirm: (slot, doctor, person) => `Confirm ${slot} with ${doctor} for ${person}?`,
    cancelConfirm: (appointment) => `Cancel the visit on ${appointment}?`,
    yes: "1 Yes",
    more: "0 More",
    back: "00 Back",
    language: "Language:",
    notice: {
      invalidChoice: "Invalid choice.",
      invalidName: "Name: letters only.",
      slotTaken: "That time was just taken.",
      refused: "Refused: a visit that day, or limit.",
      nothingFound: "Nothing found.",
    },
    booked: (b) => `Booked: ${b.when} with ${b.doctor}, ${b.place}. An SMS follows.`,
    noAppointments: "No upcoming appointments.",
    cancelled: "Your appointment is cancelled.",
    cancelRefused: "It can no longer be cancelled: less than 24 h before the visit. Call the practice.",
    emergency: (country) => {
      const n = EMERGENCY_NUMBERS[country]
      return `Emergencies ${country === "SENEGAL" ? "Senegal" : "Chad"}: SAMU ${n.medical}, Police ${n.police}, Fire ${n.fire}`
    },
    languageSaved: "Language saved.",
    unavailable: "Service briefly unavailable. Please try again later.",
    expired: "Session expired. Please dial the code again.",
    bookedSms: (b) => `Promed: booked ${b.when} with ${b.doctor}, ${b.place}. Reply RDV for your appointments.`,
  },
  ar: {
    menu: ["Promed", "1 حجز موعد", "2 مواعيدي", "3 الطوارئ", "4 اللغة"],
    heading: {
      places: "المنطقة أو المدينة:",
      specialties: "التخصص:",
      doctors: "الطبيب (الأجر):",
      slots: "الموعد:",
      persons: "لمن؟",
      appointments: "إلغاء موعد:",
    },
    firstName: "الاسم الأول:",
    lastName: "اسم العائلة:",
    confirm: (slot, doctor, person) => `تأكيد ${slot} مع ${doctor} لـ${person}؟`,
    cancelConfirm: (appointment) => `إلغاء موعد ${appointment}؟`,
    yes: "1 نعم",
    more: "0 المزيد",
    back: "00 رجوع",
    language: "اللغة:",
    notice: {
      invalidChoice: "اختيار غير صالح.",
      invalidName: "اسم غير صالح.",
      slotTaken: "حُجز هذا الموعد للتو.",
      refused: "مرفوض: موعد في ذلك اليوم.",
      nothingFound: "لا نتائج.",
    },
    booked: (b) => `تم الحجز ${b.when} مع ${b.doctor}، ${b.place}.`,
    noAppointments: "لا مواعيد قادمة.",
    cancelled: "أُلغي موعدك.",
    cancelRefused: "لا يمكن الإلغاء قبل أقل من 24 ساعة. اتصل بالعيادة.",
    emergency: (country) => {
      const n = EMERGENCY_NUMBERS[country]
      return `طوارئ: إسعاف ${n.medical}، شرطة ${n.police}، إطفاء ${n.fire}`
    },
    languageSaved: "حُفظت اللغة.",
    unavailable: "الخدمة غير متاحة مؤقتا. أعد المحاولة لاحقا.",
    expired: "انتهت الجلسة. اطلب الرمز من جديد.",
    bookedSms: (b) => `Promed: تم حجز موعدك ${b.when} مع ${b.doctor}، ${b.place}`,
  },
}

/** `text` cut to `length` characters, marked with a dot when cut (as SMS are, server/reminders/messages.ts). */
const cut = (text: string, length: number) => (length >= text.length ? text : length <= 1 ? "" : `${text.slice(0, length - 1).trimEnd()}.`)

/** Arabic lines isolate what the gateway wrote (names, times) so that it keeps its own direction. */
const isolated = (language: UssdLanguage, value: string) => (language === "ar" ? `\u2068${value}\u2069` : value)

/**
 * The page's lines joined, the labels cut (the longest first, evenly) until the page fits its
 * encoding's room: a screen never spills onto a second page, whatever the names.
 */
function fitted(language: UssdLanguage, head: ReadonlyArray<string>, labels: ReadonlyArray<string>, tail: ReadonlyArray<string>, numbered: boolean): string {
  const draw = (shown: ReadonlyArray<string>) =>
    [...head, ...shown.map((label, i) => (numbered ? `${i + 1} ${isolated(language, label)}` : isolated(language, label))), ...tail].join("\n")
  const plain = language === "ar" ? (t: string) => t : toGsm7Latin
  let shown = labels.map(plain)
  for (let longest = Math.max(0, ...shown.map((l) => l.length)); longest > 1; longest--) {
    const { used, max } = ussdRoom(draw(shown))
    if (used <= max) break
    shown = shown.map((label) => cut(label, longest))
  }
  return plain(draw(shown))
}

/** The last words of a session that could not go on: the service failed, or the session lapsed. */
export const ussdEndText = (language: UssdLanguage, why: "unavailable" | "expired") => toGsm7Latin(TEXTS[language][why])

/** The booking's SMS, in one message: the place is cut first, then the doctor's name; the time never. */
export function bookedSms(language: UssdLanguage, booked: UssdBooked): string {
  const draw = (place: string, doctor: string) => {
    const text = TEXTS[language].bookedSms({ ...booked, doctor: isolated(language, doctor), place: isolated(language, place) })
    return language === "ar" ? text : toGsm7Latin(text)
  }
  let place = booked.place
  let doctor = booked.doctor
  while (!fitsOneSms(draw(place, doctor)) && place.length > 1) place = cut(place, place.length - 1)
  while (!fitsOneSms(draw(place, doctor)) && doctor.length > 1) doctor = cut(doctor, doctor.length - 1)
  return draw(place, doctor)
}

/** What the aggregator answers for a screen: `CON ` and the page while the session goes on, `END ` and the last words. */
export function ussdPage(snapshot: Snapshot): string {
  const c = snapshot.context
  const t = TEXTS[c.language]
  const notice = c.notice ? [t.notice[c.notice]] : []
  const con = (text: string) => `CON ${text}`
  const end = (text: string) => `END ${fitted(c.language, [], [text], [], false)}`
  const state = String(snapshot.value)
  switch (state) {
    case "menu":
      return con(fitted(c.language, notice, [], t.menu, false))
    case "places":
    case "specialties":
    case "doctors":
    case "slots":
    case "persons":
    case "appointments": {
      const size = USSD_PAGE_SIZE[c.language]
      const page = c.list.slice(c.offset, c.offset + size).map((o) => o.label)
      const more = c.offset + size < c.list.length ? [t.more] : []
      return con(fitted(c.language, [...notice, t.heading[state]], page, [...more, t.back], true))
    }
    case "firstName":
      return con(fitted(c.language, notice, [], [t.firstName], false))
    case "lastName":
      return con(fitted(c.language, notice, [], [t.lastName], false))
    case "confirm": {
      const person = c.person?.label ?? `${c.firstName} ${c.lastName}`
      return con(fitted(c.language, notice, [t.confirm(c.slot?.label ?? "", c.doctor?.label ?? "", person)], [t.yes, t.back], false))
    }
    case "cancelConfirm":
      return con(fitted(c.language, notice, [t.cancelConfirm(c.appointment?.label ?? "")], [t.yes, t.back], false))
    case "language":
      return con(fitted(c.language, [...notice, t.language], [], [...LANGUAGE_CHOICES, t.back], false))
    case "booked":
      return end(t.booked(c.booked!))
    case "noAppointments":
      return end(t.noAppointments)
    case "cancelled":
      return end(t.cancelled)
    case "cancelRefused":
      return end(t.cancelRefused)
    case "emergency":
      return end(t.emergency(c.country === "TD" ? "CHAD" : "SENEGAL"))
    case "languageSaved":
      return end(t.languageSaved)
    default:
      return end(t.unavailable)
  }
}
