import { and, asc, eq, gt, ne, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { initialTransition, transition } from "xstate"
import { slotOfferMachine, type WaitingEntry } from "../../machines/slotOffer.machine.ts"
import { OFFER_MINUTES } from "../../schemas/slotWaitlist.ts"
import type { UserId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { patients, slotOffers, slotWaitlistEntries, timeSlots } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { enqueue } from "../jobs/queue.ts"
import { liveHolder } from "../repositories/slotHolds.ts"

/*
 * Offers of freed slots (issue 14). Which entry is offered a slot next, and what ends an offer, is
 * the slot offer statechart's (machines/slotOffer.machine.ts), run here as a pure function over
 * what the database holds; each decision runs in one transaction with the slot row locked, and the
 * partial unique indexes on slot_offers refuse a second live offer for a slot or an entry.
 */

export const WAITLIST_FREED_JOB = "waitlist.freed"
export const WAITLIST_EXPIRE_JOB = "waitlist.expire"
export const WAITLIST_NOTIFY_JOB = "waitlist.notify"

type SlotRow = typeof timeSlots.$inferSelect
type OfferRow = typeof slotOffers.$inferSelect
type SlotId = SlotRow["id"]

/** Asks for the freed slots to be offered, in the transaction that freed them: given slots, or the free slots of a new availability. */
export function slotsFreed(
  tx: Db,
  freed: { readonly slotIds: ReadonlyArray<SlotId> } | { readonly doctorId: SlotRow["doctorId"]; readonly availabilityId: SlotRow["availabilityId"] },
) {
  return enqueue(tx, { kind: WAITLIST_FREED_JOB, payload: { ...freed } })
}

/**
 * Who waits for this slot, first in line first: the doctor's entries with no live offer, never
 * offered this slot before, whose range it fits: between their dates, or earlier than their
 * appointment (still confirmed, and not this very slot's). An account holds one slot at a time,
 * offers included (issue 38: twenty dependants waitlisted held twenty slots): an account with a
 * live offer (its slot is held for the account) or holding a slot at a review is passed over for
 * this slot and keeps its place.
 */
async function lineFor(tx: Db, slot: SlotRow, now: Temporal.Instant): Promise<WaitingEntry[]> {
  const at = new Date(now.epochMilliseconds).toISOString()
  const rows = (await tx.execute<Record<string, unknown>>(sql`
    SELECT e.id AS "entryId", e.patient_id AS "patientId"
    FROM ${slotWaitlistEntries} e
    JOIN ${patients} p ON p.id = e.patient_id
    LEFT JOIN appointments a ON a.id = e.appointment_id
    WHERE e.doctor_id = ${slot.doctorId}
      AND NOT EXISTS (SELECT 1 FROM ${slotOffers} o WHERE o.entry_id = e.id AND (o.status = 'OFFERED' OR o.time_slot_id = ${slot.id}))
      AND NOT EXISTS (SELECT 1 FROM ${timeSlots} h WHERE h.held_by = p.user_id AND h.held_until > ${at}::timestamptz)
      AND (
        (e.mode = 'BETWEEN_DATES' AND ${slot.slotDate}::date BETWEEN e.from_date AND e.to_date)
        OR (e.mode = 'EARLIER_THAN_APPOINTMENT' AND a.status = 'CONFIRMED' AND a.appointment_time > ${slot.startsAt.toISOString()}::timestamptz
            AND a.time_slot_id IS DISTINCT FROM ${slot.id}::uuid)
      )
    ORDER BY e.created_at, e.id
    LIMIT 20
  `)) as { rows: WaitingEntry[] }
  return rows.rows
}

/** The slot, locked, if it can be offered: future, AVAILABLE, held by no one, with no live offer. */
async function lockOfferableSlot(tx: Db, slotId: SlotId, now: Temporal.Instant): Promise<SlotRow | null> {
  const [slot] = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update")
  if (!slot || slot.status !== "AVAILABLE" || slot.startsAt.getTime() <= now.epochMilliseconds || liveHolder(slot, now) !== null) return null
  return (await liveOfferFor(tx, slotId)) ? null : slot
}

/** Offers the slot to the entry: held for its patient OFFER_MINUTES, ended by a job then, told by another. */
async function makeOffer(tx: Db, slot: SlotRow, to: WaitingEntry, now: Temporal.Instant): Promise<string> {
  const [patient] = await tx.select({ userId: patients.userId }).from(patients).where(eq(patients.id, to.patientId))
  const expiresAt = new Date(Math.floor(now.epochMilliseconds / 1000) * 1000 + OFFER_MINUTES * 60_000)
  await tx.update(timeSlots).set({ heldBy: patient!.userId, heldUntil: expiresAt }).where(eq(timeSlots.id, slot.id))
  const [offer] = await tx
    .insert(slotOffers)
    .values({ entryId: to.entryId, patientId: to.patientId, timeSlotId: slot.id, expiresAt, offeredAt: new Date(now.epochMilliseconds) })
    .returning({ id: slotOffers.id })
  await enqueue(tx, { kind: WAITLIST_EXPIRE_JOB, payload: { offerId: offer!.id }, runAt: expiresAt, dedupeKey: `${WAITLIST_EXPIRE_JOB}:${offer!.id}` })
  await enqueue(tx, { kind: WAITLIST_NOTIFY_JOB, payload: { offerId: offer!.id }, dedupeKey: `${WAITLIST_NOTIFY_JOB}:${offer!.id}` })
  return offer!.id
}

/** A freed slot: offered to the first in line, when someone waits for it; the offer's id. */
export function offerFreedSlot(db: Db, slotId: SlotId, now: Temporal.Instant = Temporal.Now.instant()): Promise<string | null> {
  return inTransaction(db, (tx) => offerSlotIn(tx, slotId, now))
}

/**
 * Offers the slot in the caller's transaction: the cancellation that frees it (issue 38: no window
 * in which anyone books or holds it before the first in line is offered it), or a job. A slot held
 * by someone (a review's hold) is asked again when that hold ends, so that it is not lost to the line.
 */
export async function offerSlotIn(tx: Db, slotId: SlotId, now: Temporal.Instant): Promise<string | null> {
  const slot = await lockOfferableSlot(tx, slotId, now)
  if (!slot) {
    const [held] = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId))
    if (held && held.status === "AVAILABLE" && held.heldUntil && liveHolder(held, now) !== null && !(await liveOfferFor(tx, slotId))) {
      await enqueue(tx, {
        kind: WAITLIST_FREED_JOB,
        payload: { slotIds: [slotId] },
        runAt: held.heldUntil,
        dedupeKey: `${WAITLIST_FREED_JOB}:${slotId}:${held.heldUntil.getTime()}`,
      })
    }
    return null
  }
  const [snapshot] = initialTransition(slotOfferMachine, { line: await lineFor(tx, slot, now) })
  return snapshot.matches("offered") ? makeOffer(tx, slot, snapshot.context.current!, now) : null
}

const liveOfferFor = async (tx: Db, slotId: SlotId) =>
  (
    await tx
      .select({ id: slotOffers.id })
      .from(slotOffers)
      .where(and(eq(slotOffers.timeSlotId, slotId), eq(slotOffers.status, "OFFERED")))
      .limit(1)
  ).length > 0

/** A new availability's free future slots, earliest first: each may be offered. */
export async function freeSlotsOf(db: Db, availabilityId: SlotRow["availabilityId"], now: Temporal.Instant = Temporal.Now.instant()): Promise<SlotId[]> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.availabilityId, availabilityId), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, new Date(now.epochMilliseconds))))
    .orderBy(asc(timeSlots.startsAt))
    .limit(500)
  return rows.map((r) => r.id)
}

/**
 * Ends a live offer by `event` (declined, expired) and, as the statechart says, offers the slot to
 * the next in line or leaves it open to all. The slot's hold goes with the offer.
 */
async function endOffer(tx: Db, offer: OfferRow, event: "offer.decline" | "offer.expire", now: Temporal.Instant): Promise<void> {
  const [slot] = await tx.select().from(timeSlots).where(eq(timeSlots.id, offer.timeSlotId)).for("update")
  const status = event === "offer.decline" ? "DECLINED" : "EXPIRED"
  await tx
    .update(slotOffers)
    .set({ status, decidedAt: new Date(now.epochMilliseconds) })
    .where(eq(slotOffers.id, offer.id))
  if (!slot) return
  const [patient] = await tx.select({ userId: patients.userId }).from(patients).where(eq(patients.id, offer.patientId))
  if (patient && slot.heldBy === patient.userId) await tx.update(timeSlots).set({ heldBy: null, heldUntil: null }).where(eq(timeSlots.id, slot.id))
  const offerable = await lockOfferableSlot(tx, slot.id, now)
  const line = offerable ? await lineFor(tx, offerable, now) : []
  const current: WaitingEntry = { entryId: offer.entryId ?? offer.id, patientId: offer.patientId }
  const running = slotOfferMachine.resolveState({ value: "offered", context: { line, current, offeredTo: [current.entryId], bookedBy: null } })
  const [next] = transition(slotOfferMachine, running, { type: event })
  if (offerable && next.matches("offered")) await makeOffer(tx, offerable, next.context.current!, now)
}

async function lockOffer(tx: Db, offerId: OfferRow["id"]): Promise<OfferRow | undefined> {
  const [offer] = await tx.select().from(slotOffers).where(eq(slotOffers.id, offerId)).for("update")
  return offer
}

/** The patient declines their live offer: it passes to the next in line; their entry keeps waiting. */
export function declineOffer(db: Db, offerId: OfferRow["id"], patientId: OfferRow["patientId"], now: Temporal.Instant = Temporal.Now.instant()) {
  return inTransaction(db, async (tx) => {
    const offer = await lockOffer(tx, offerId)
    if (!offer) throw new ApiError("NOT_FOUND", "No such offer")
    if (offer.patientId !== patientId) throw forbidden("This offer is someone else's")
    if (offer.status !== "OFFERED" || offer.expiresAt.getTime() <= now.epochMilliseconds) throw new ApiError("BUSINESS_ERROR", "This offer has ended")
    await endOffer(tx, offer, "offer.decline", now)
  })
}

/** The offer's time is up (its job): it passes to the next in line. Already accepted or declined: nothing. */
export function expireOffer(db: Db, offerId: OfferRow["id"], now: Temporal.Instant = Temporal.Now.instant()) {
  return inTransaction(db, async (tx) => {
    const offer = await lockOffer(tx, offerId)
    if (!offer || offer.status !== "OFFERED" || offer.expiresAt.getTime() > now.epochMilliseconds) return
    await endOffer(tx, offer, "offer.expire", now)
  })
}

/** A waitlisted patient's entry goes; a live offer it had passes to the next in line first. */
export async function leaveWaitlist(db: Db, entryId: string, patientId: OfferRow["patientId"], now: Temporal.Instant = Temporal.Now.instant()) {
  await inTransaction(db, async (tx) => {
    const [entry] = await tx.select().from(slotWaitlistEntries).where(eq(slotWaitlistEntries.id, entryId)).for("update")
    if (!entry) throw new ApiError("NOT_FOUND", "No such waitlist entry")
    if (entry.patientId !== patientId) throw forbidden("This waitlist entry is someone else's")
    await dropEntry(tx, entryId, now)
  })
}

/** An entry goes; a live offer it had passes to the next in line first. */
async function dropEntry(tx: Db, entryId: string, now: Temporal.Instant): Promise<void> {
  const [live] = await tx
    .select()
    .from(slotOffers)
    .where(and(eq(slotOffers.entryId, entryId), eq(slotOffers.status, "OFFERED")))
    .for("update")
  if (live) await endOffer(tx, live, "offer.decline", now)
  await tx.delete(slotWaitlistEntries).where(eq(slotWaitlistEntries.id, entryId))
}

/** A cancelled appointment: the waits for a slot earlier than it have nothing left to move, and go. Runs in the cancellation's transaction. */
export async function endWaitsOn(tx: Db, appointmentId: NonNullable<typeof slotWaitlistEntries.$inferSelect.appointmentId>, now: Temporal.Instant) {
  const waits = await tx.select({ id: slotWaitlistEntries.id }).from(slotWaitlistEntries).where(eq(slotWaitlistEntries.appointmentId, appointmentId))
  for (const { id } of waits) await dropEntry(tx, id, now)
}

/**
 * A booking or a move into a slot: the patient's live offer of it is accepted and their entry,
 * fulfilled, leaves the waitlist. Runs in the booking's transaction.
 */
export async function acceptOffersOf(tx: Db, slotId: SlotId, patientId: OfferRow["patientId"], now: Temporal.Instant): Promise<void> {
  const accepted = await tx
    .update(slotOffers)
    .set({ status: "ACCEPTED", decidedAt: new Date(now.epochMilliseconds) })
    .where(and(eq(slotOffers.timeSlotId, slotId), eq(slotOffers.patientId, patientId), eq(slotOffers.status, "OFFERED")))
    .returning({ entryId: slotOffers.entryId })
  for (const { entryId } of accepted) if (entryId) await tx.delete(slotWaitlistEntries).where(eq(slotWaitlistEntries.id, entryId))
}

/** SQL: the live offers of a slot (a correlated subquery on `slotId`). */
export const liveOffersOfSlot = (slotId: typeof timeSlots.id) =>
  sql`SELECT 1 FROM ${slotOffers} WHERE ${slotOffers.timeSlotId} = ${slotId} AND ${slotOffers.status} = 'OFFERED' AND ${slotOffers.expiresAt} > now()`

/** SQL: the user's live offers (their patient rows' offers, not yet expired). */
const liveOffersOfUser = (userId: UserId, now: Temporal.Instant) =>
  and(eq(patients.userId, userId), eq(slotOffers.status, "OFFERED"), gt(slotOffers.expiresAt, new Date(now.epochMilliseconds)))

/** True when the user has a live offer of a slot other than this one: that offer is their one hold (issue 38). */
export async function hasLiveOfferElsewhere(tx: Db, slotId: SlotId, userId: UserId, now: Temporal.Instant): Promise<boolean> {
  const [row] = await tx
    .select({ id: slotOffers.id })
    .from(slotOffers)
    .innerJoin(patients, eq(patients.id, slotOffers.patientId))
    .where(and(ne(slotOffers.timeSlotId, slotId), liveOffersOfUser(userId, now)))
    .limit(1)
  return Boolean(row)
}

/** A live offer's slot is held for its patient: their own hold of it must not end before the offer does. */
export async function liveOfferUntil(tx: Db, slotId: SlotId, userId: UserId, now: Temporal.Instant): Promise<Date | null> {
  const [row] = await tx
    .select({ expiresAt: slotOffers.expiresAt })
    .from(slotOffers)
    .innerJoin(patients, eq(patients.id, slotOffers.patientId))
    .where(and(eq(slotOffers.timeSlotId, slotId), liveOffersOfUser(userId, now)))
    .limit(1)
  return row?.expiresAt ?? null
}
