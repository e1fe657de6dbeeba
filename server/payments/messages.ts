import type { Currency } from "../../schemas/payments.ts"
import { isolate, type NoticeLanguage } from "../reminders/messages.ts"
import { fitsOneSms, toGsm7Latin } from "../sms/segments.ts"

/** What a refund's notice says: how much went back, for the visit with whom, and the receipt. No medical detail. */
export interface RefundFacts {
  readonly amount: number
  readonly currency: Currency
  readonly doctor: string
  /** Why: the appointment was cancelled, or the slot was gone when the money came. */
  readonly reason: "CANCELLED" | "SLOT_GONE"
  /** The patient's page of the payment. */
  readonly link: string
}

/** "5 000 FCFA": whole francs, grouped by thousands with a plain space (one SMS alphabet), the same in every language. */
export const fcfa = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`

const SMS: Record<NoticeLanguage, Record<RefundFacts["reason"], (amount: string, doctor: string, link: string) => string>> = {
  fr: {
    CANCELLED: (a, d, l) => `Promed: votre acompte de ${a} (RDV annulé avec ${d}) vous est remboursé: ${l}`,
    SLOT_GONE: (a, d, l) => `Promed: le créneau avec ${d} était pris, votre acompte de ${a} vous est remboursé: ${l}`,
  },
  en: {
    CANCELLED: (a, d, l) => `Promed: your ${a} deposit (cancelled appointment with ${d}) is refunded: ${l}`,
    SLOT_GONE: (a, d, l) => `Promed: the slot with ${d} was taken, your ${a} deposit is refunded: ${l}`,
  },
  // 70 characters in Arabic: the amount and the link only.
  ar: {
    CANCELLED: (a, _d, l) => `Promed: أعيد إليك عربون ${a} ${l}`,
    SLOT_GONE: (a, _d, l) => `Promed: أعيد إليك عربون ${a} ${l}`,
  },
}

/** One SMS always: the doctor's name is shortened first; the amount and the link never. */
export function refundSms(lang: NoticeLanguage, facts: RefundFacts): string {
  const compose = (doctor: string) => {
    const text = SMS[lang][facts.reason](isolate(lang, fcfa(facts.amount)), isolate(lang, doctor), isolate(lang, facts.link))
    return lang === "ar" ? text : toGsm7Latin(text)
  }
  for (let length = facts.doctor.length; length > 0; length--) {
    const text = compose(facts.doctor.slice(0, length).trimEnd())
    if (fitsOneSms(text)) return text
  }
  return compose("")
}

const EMAIL: Record<NoticeLanguage, { subject: string; lines: Record<RefundFacts["reason"], string>; amount: string; doctor: string; sign: string }> = {
  fr: {
    subject: "Votre acompte est remboursé",
    lines: {
      CANCELLED: "Votre rendez-vous est annulé : l'acompte payé vous est remboursé en entier, sur le moyen de paiement utilisé.",
      SLOT_GONE: "Le créneau a été pris avant la fin de votre paiement : l'acompte payé vous est remboursé en entier.",
    },
    amount: "Montant",
    doctor: "Médecin",
    sign: "L'équipe Promed",
  },
  en: {
    subject: "Your deposit is refunded",
    lines: {
      CANCELLED: "Your appointment is cancelled: the deposit you paid is refunded in full, to the way you paid.",
      SLOT_GONE: "The slot was taken before your payment came through: the deposit you paid is refunded in full.",
    },
    amount: "Amount",
    doctor: "Doctor",
    sign: "The Promed team",
  },
  ar: {
    subject: "أعيد إليك العربون",
    lines: {
      CANCELLED: "أُلغي موعدك: أعيد إليك العربون كاملا بالوسيلة التي دفعت بها.",
      SLOT_GONE: "حُجز الموعد قبل اكتمال دفعك: أعيد إليك العربون كاملا.",
    },
    amount: "المبلغ",
    doctor: "الطبيب",
    sign: "فريق Promed",
  },
}

export function refundEmail(lang: NoticeLanguage, facts: RefundFacts): { subject: string; text: string } {
  const words = EMAIL[lang]
  const text = [
    words.lines[facts.reason],
    "",
    `${words.amount}: ${isolate(lang, `${fcfa(facts.amount)} (${facts.currency})`)}`,
    `${words.doctor}: ${isolate(lang, facts.doctor)}`,
    "",
    facts.link,
    "",
    words.sign,
  ].join("\n")
  return { subject: `Promed – ${words.subject}`, text }
}
