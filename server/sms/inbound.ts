import { and, asc, eq, gt, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { UssdLanguage } from "../../machines/ussdBooking.machine.ts"
import type { Db } from "../db/client.ts"
import { slotOffers, slotWaitlistEntries, smsInbound, timeSlots } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError } from "../http/errors.ts"
import { bookSlot, cancelAppointment, rescheduleAppointment } from "../repositories/appointmentBooking.ts"
import { callerNumber, findCaller, type UssdCaller } from "../ussd/caller.ts"
import { slotLabel, upcomingOf } from "../ussd/gatewayActors.ts"
import { declineOffer } from "../waitlist/offers.ts"
import { readSmsRequest } from "./keywords.ts"
import { fitsOneSms, toGsm7Latin } from "./segments.ts"

/** What an aggregator's inbound SMS callback posts (Africa's Talking's fields). */
export interface InboundSms {
  readonly id: string
  readonly from: string
  readonly to: string
  readonly text: string
  readonly date: string
}

const REASON = "Créneau libéré, pris par SMS"
const LIST_MAX = 5

interface Replies {
  readonly list: (lines: ReadonlyArray<string>) => string
  readonly none: string
  readonly cancelled: (line: string) => string
  readonly tooLate: (line: string) => string
  readonly noSuch: (position: number) => string
  readonly taken: (line: string) => string
  readonly passed: string
  readonly noOffer: string
  readonly offerEnded: string
  readonly noAccount: string
  readonly help: string
}

const REPLIES: Record<UssdLanguage, Replies> = {
  fr: {
    list: (lines) => `Promed: vos RDV: ${lines.map((l, i) => `${i + 1}) ${l}`).join(" ")}. ANNULER 1 annule le 1er.`,
    none: "Promed: aucun rendez-vous à venir.",
    cancelled: (line) => `Promed: RDV du ${line} annulé.`,
    tooLate: (line) => `Promed: le RDV du ${line} ne peut plus être annulé (moins de 24 h avant). Appelez le cabinet.`,
    noSuch: (n) => `Promed: pas de RDV numéro ${n}. Envoyez RDV pour la liste.`,
    taken: (line) => `Promed: c'est fait, RDV le ${line}.`,
    passed: "Promed: le créneau passe au suivant. Vous restez sur la liste d'attente.",
    noOffer: "Promed: aucun créneau ne vous est proposé en ce moment.",
    offerEnded: "Promed: ce créneau n'est plus disponible.",
    noAccount: "Promed: aucun compte pour ce numéro. Composez *789# pour prendre RDV.",
    help: "Promed: envoyez RDV pour vos rendez-vous, ANNULER 1 pour annuler le premier.",
  },
  en: {
    list: (lines) => `Promed: your visits: ${lines.map((l, i) => `${i + 1}) ${l}`).join(" ")}. CANCEL 1 cancels the 1st.`,
    none: "Promed: no upcoming appointments.",
    cancelled: (line) => `Promed: the visit on ${line} is cancelled.`,
    tooLate: (line) => `Promed: the visit on ${line} can no longer be cancelled (less than 24 h before). Call the practice.`,
    noSuch: (n) => `Promed: no visit number ${n}. Send RDV for the list.`,
    taken: (line) => `Promed: done, your visit is on ${line}.`,
    passed: "Promed: the slot goes to the next in line. You stay on the waitlist.",
    noOffer: "Promed: no slot is offered to you right now.",
    offerEnded: "Promed: that slot is no longer available.",
    noAccount: "Promed: no account for this number. Dial *789# to book.",
    help: "Promed: send RDV for your appointments, CANCEL 1 to cancel the first.",
  },
  ar: {
    list: (lines) => `Promed: ${lines.map((l, i) => `${i + 1}) ${l}`).join(" ")}. الغاء 1`,
    none: "Promed: لا مواعيد قادمة.",
    cancelled: (line) => `Promed: أُلغي موعد ${line}.`,
    tooLate: (line) => `Promed: لا يمكن إلغاء موعد ${line} قبل أقل من 24 ساعة.`,
    noSuch: (n) => `Promed: لا يوجد موعد رقم ${n}.`,
    taken: (line) => `Promed: تم الحجز ${line}.`,
    passed: "Promed: انتقل الموعد إلى التالي.",
    noOffer: "Promed: لا موعد معروض عليك الآن.",
    offerEnded: "Promed: هذا الموعد لم يعد متاحا.",
    noAccount: "Promed: لا حساب لهذا الرقم. اطلب *789#",
    help: "Promed: أرسل RDV لمواعيدك، الغاء 1 لإلغاء الأول.",
  },
}

/** One SMS each: fewer lines of a list until it fits; French and English kept in GSM-7. */
function reply(language: UssdLanguage, text: string): string {
  return language === "ar" ? text : toGsm7Latin(text)
}

/** The caller's live offer of a freed slot (issue 14), with what taking it means: a booking, or a move. */
async function liveOffer(db: Db, caller: UssdCaller) {
  if (!caller.account) return null
  const [offer] = await db
    .select({
      id: slotOffers.id,
      slotId: slotOffers.timeSlotId,
      startsAt: timeSlots.startsAt,
      timeZone: timeSlots.timeZone,
      doctorId: timeSlots.doctorId,
      mode: slotWaitlistEntries.mode,
      dependantId: slotWaitlistEntries.dependantId,
      appointmentId: slotWaitlistEntries.appointmentId,
    })
    .from(slotOffers)
    .innerJoin(timeSlots, eq(timeSlots.id, slotOffers.timeSlotId))
    .leftJoin(slotWaitlistEntries, eq(slotWaitlistEntries.id, slotOffers.entryId))
    .where(and(eq(slotOffers.patientId, caller.account.patientId), eq(slotOffers.status, "OFFERED"), gt(slotOffers.expiresAt, sql`now()`)))
    .orderBy(asc(slotOffers.offeredAt))
    .limit(1)
  return offer ?? null
}

const refusedAs = (error: unknown, code: string) => error instanceof ApiError && error.code === code

/**
 * Answers one inbound SMS (issue 41): the reply to send, or null when this message was handled
 * already (aggregators retry a callback: its id is kept). The sender's number is the network's.
 */
export async function answerInboundSms(db: Db, sms: InboundSms, options: { readonly bookingLimits: boolean }): Promise<{ to: string; text: string } | null> {
  const from = callerNumber(sms.from)
  if (!from) return null
  const fresh = await db
    .insert(smsInbound)
    .values({ id: sms.id || `${from}:${sms.date}:${sms.text}`, phoneNumber: from })
    .onConflictDoNothing()
    .returning({ id: smsInbound.id })
  if (fresh.length === 0) return null
  const caller = await findCaller(db, from)
  const language = caller.language
  const r = REPLIES[language]
  const answer = (text: string) => ({ to: from, text: reply(language, text) })
  if (!caller.account) return answer(r.noAccount)
  const request = readSmsRequest(sms.text)
  switch (request.kind) {
    case "list": {
      const mine = await upcomingOf(db, caller, language, LIST_MAX)
      if (mine.length === 0) return answer(r.none)
      for (let n = mine.length; n > 0; n--) {
        const text = reply(language, r.list(mine.slice(0, n).map((a) => a.line)))
        if (fitsOneSms(text) || n === 1) return { to: from, text }
      }
      return answer(r.none)
    }
    case "cancel": {
      const target = (await upcomingOf(db, caller, language, LIST_MAX))[request.position - 1]
      if (!target) return answer(r.noSuch(request.position))
      try {
        await cancelAppointment(db, target.id)
        return answer(r.cancelled(target.line))
      } catch (error) {
        if (refusedAs(error, "CANCELLATION_RESTRICTED")) return answer(r.tooLate(target.line))
        throw error
      }
    }
    case "accept": {
      const offer = await liveOffer(db, caller)
      if (!offer) return answer(r.noOffer)
      const line = slotLabel(language, offer.startsAt, offer.timeZone)
      const account = caller.account
      try {
        if (offer.mode === "EARLIER_THAN_APPOINTMENT" && offer.appointmentId) {
          await rescheduleAppointment(db, offer.appointmentId, {
            timeSlotId: offer.slotId,
            appointmentTime: toUtcSeconds(offer.startsAt),
            movedBy: account.userId,
          })
        } else {
          await bookSlot(db, {
            doctorId: offer.doctorId,
            patientId: account.patientId,
            dependantId: offer.dependantId ?? null,
            timeSlotId: offer.slotId,
            appointmentTime: toUtcSeconds(offer.startsAt),
            appointmentType: "CLINIC",
            reason: REASON,
            bookedBy: account.userId,
            byPatient: true,
            limited: options.bookingLimits,
          })
        }
      } catch (error) {
        if (error instanceof ApiError) return answer(r.offerEnded)
        throw error
      }
      return answer(r.taken(line))
    }
    case "decline": {
      const offer = await liveOffer(db, caller)
      if (!offer) return answer(r.noOffer)
      await declineOffer(db, offer.id, caller.account.patientId, Temporal.Now.instant())
      return answer(r.passed)
    }
    default:
      return answer(r.help)
  }
}
