import { isolate, longWhen, shortWhen, type NoticeLanguage } from "../reminders/messages.ts"
import { fitsOneSms, toGsm7Latin } from "../sms/segments.ts"
import { OFFER_MINUTES } from "../../schemas/slotWaitlist.ts"

/** What an offer's notice says: when, with whom, and where to answer. No medical detail. */
export interface OfferFacts {
  readonly at: Date
  readonly timeZone: string
  readonly doctor: string
  /** The patient's appointments page, where the offer is taken or declined. */
  readonly link: string
}

const SMS: Record<NoticeLanguage, (when: string, doctor: string, link: string) => string> = {
  // Issue 41: a reply of OUI takes it (server/sms/inbound.ts), for a phone without the web.
  fr: (w, d, l) => `Promed: un créneau s'est libéré ${w} avec ${d}, gardé ${OFFER_MINUTES} min. Répondez OUI pour le prendre, NON pour le laisser, ou ${l}`,
  en: (w, d, l) => `Promed: a slot opened ${w} with ${d}, held ${OFFER_MINUTES} min. Reply YES to take it, NO to pass, or ${l}`,
  // 70 characters in Arabic: the time, the doctor, the reply and the link.
  ar: (w, d, l) => `Promed: موعد متاح ${w} مع ${d}. رد بنعم ${l}`,
}

/** One SMS always: the doctor's name is shortened first; the time and the link never. */
export function offerSms(lang: NoticeLanguage, facts: OfferFacts): string {
  const when = isolate(lang, shortWhen(facts.at, facts.timeZone))
  const compose = (doctor: string) => {
    const text = SMS[lang](when, isolate(lang, doctor), isolate(lang, facts.link))
    return lang === "ar" ? text : toGsm7Latin(text)
  }
  for (let length = facts.doctor.length; length > 0; length--) {
    const text = compose(facts.doctor.slice(0, length).trimEnd())
    if (fitsOneSms(text)) return text
  }
  return compose("")
}

const EMAIL: Record<NoticeLanguage, { subject: string; lines: (minutes: number) => string[]; sign: string }> = {
  fr: {
    subject: "Un créneau s'est libéré pour vous",
    lines: (m) => [`Un créneau s'est libéré. Il vous est réservé pendant ${m} minutes : réservez-le ou déclinez-le depuis vos rendez-vous.`],
    sign: "L'équipe Promed",
  },
  en: {
    subject: "A slot opened up for you",
    lines: (m) => [`A slot opened up. It is held for you for ${m} minutes: book it or decline it from your appointments.`],
    sign: "The Promed team",
  },
  ar: {
    subject: "أصبح موعد متاحا لك",
    lines: (m) => [`أصبح موعد متاحا. هو محجوز لك لمدة ${m} دقيقة: احجزه أو اعتذر عنه من صفحة مواعيدك.`],
    sign: "فريق Promed",
  },
}

export function offerEmail(lang: NoticeLanguage, facts: OfferFacts): { subject: string; text: string } {
  const words = EMAIL[lang]
  const text = [
    ...words.lines(OFFER_MINUTES),
    "",
    isolate(lang, longWhen(lang, facts.at, facts.timeZone)),
    isolate(lang, facts.doctor),
    "",
    facts.link,
    "",
    words.sign,
  ].join("\n")
  return { subject: `Promed – ${words.subject}`, text }
}
