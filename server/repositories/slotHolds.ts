import { and, count, eq, gt, lt, ne, sql, type Placeholder, type SQL } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { SLOT_HOLD_MINUTES, type SlotHold, type TimeSlot } from "../../schemas/availability.ts"
import { HOLD_RATE, HOLD_RATE_REFUSAL } from "../../schemas/limits.ts"
import type { Doctor } from "../../schemas/doctor.ts"
import type { DependantId, PatientId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { holdEvents, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { bookingSettingsOf, checkBookingLimits, refuseUnlessDirectBooking } from "./appointmentBooking.ts"
import { hasLiveOfferElsewhere, liveOffersOfSlot, liveOfferUntil } from "../waitlist/offers.ts"

/*
 * Slot holds (issue 14): `time_slots.held_by` / `held_until`. A hold is live while `held_until` is
 * ahead of now; one that has passed is no hold, in every read and write, so a hold ends on time
 * without a timer and whatever the gateway did meanwhile (a restart included).
 */

type UserId = (typeof users.$inferSelect)["id"]
type SlotId = TimeSlot["id"]

/** Who holds the slot at `now`, or null: an expired hold holds nothing. */
export function liveHolder(slot: { readonly heldBy: UserId | null; readonly heldUntil: Date | null }, now: Temporal.Instant): UserId | null {
  return slot.heldUntil !== null && slot.heldUntil.getTime() > now.epochMilliseconds ? slot.heldBy : null
}

/** SQL: someone other than `viewer` (anyone, for a visitor) holds the slot now, by the database's clock; the viewer may be a statement's placeholder. */
export function heldByOtherThan(viewer: UserId | Placeholder | null): SQL {
  const live = gt(timeSlots.heldUntil, sql`now()`)
  return viewer === null ? live : and(live, ne(timeSlots.heldBy, viewer))!
}

/** True when the user holds a slot of the doctor now (their reads then show it to them as free). */
export async function holdsSlotOf(db: Db, userId: UserId, doctorId: Doctor["id"]): Promise<boolean> {
  const [row] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.heldBy, userId), eq(timeSlots.doctorId, doctorId), gt(timeSlots.heldUntil, sql`now()`)))
    .limit(1)
  return Boolean(row)
}

export interface HoldRequest {
  readonly slotId: SlotId
  readonly userId: UserId
  /** A doctor holds only slots of their own schedule; null for a patient. */
  readonly ownSchedule: Doctor["id"] | null
  /**
   * A patient's hold for the person they will book for: the booking's own rules (limits, direct
   * booking) are told at the hold, on the slot grid, rather than after Confirm (issue 38). Null: none checked.
   */
  readonly bookingFor: { readonly patientId: PatientId; readonly dependantId: DependantId | null; readonly limited: boolean } | null
}

export interface HoldResult {
  readonly hold: SlotHold
  /** The doctors whose slots changed: the held slot's, and the previous hold's. */
  readonly doctorIds: ReadonlyArray<Doctor["id"]>
}

/**
 * Counts a new hold of the user, refusing it past HOLD_RATE (issue 38: throw-away accounts holding
 * every free slot in turn). Kept in the database, so the limit holds whichever gateway is asked;
 * the user's entries older than the window go as the next is written.
 */
async function countNewHold(tx: Db, userId: UserId, now: Temporal.Instant): Promise<void> {
  const windowStart = new Date(now.epochMilliseconds - HOLD_RATE.windowMinutes * 60_000)
  await tx.delete(holdEvents).where(and(eq(holdEvents.userId, userId), lt(holdEvents.at, windowStart)))
  const [row] = await tx.select({ n: count() }).from(holdEvents).where(eq(holdEvents.userId, userId))
  if ((row?.n ?? 0) >= HOLD_RATE.holds)
    throw new ApiError("BUSINESS_ERROR", "Too many slots held in a short time", [{ name: "timeSlotId", message: HOLD_RATE_REFUSAL }])
  await tx.insert(holdEvents).values({ userId, at: new Date(now.epochMilliseconds) })
}

/**
 * Holds a future AVAILABLE slot for the user for SLOT_HOLD_MINUTES, in one transaction with the
 * slot row locked: a slot booked, or held live by someone else, is refused as taken; the user's
 * previous hold (of another slot) is released. Parallel holds of one slot wait for the lock and
 * the first one wins.
 */
export async function holdSlot(db: Db, request: HoldRequest, now: Temporal.Instant = Temporal.Now.instant()): Promise<HoldResult> {
  return inTransaction(db, async (tx) => {
    const [slot] = await tx.select().from(timeSlots).where(eq(timeSlots.id, request.slotId)).for("update")
    if (!slot) throw new ApiError("TIME_SLOT_NOT_FOUND", "No such time slot")
    if (request.ownSchedule !== null && slot.doctorId !== request.ownSchedule) throw forbidden("A doctor holds only slots of their own schedule")
    if (slot.startsAt.getTime() <= now.epochMilliseconds) throw new ApiError("BUSINESS_ERROR", "This time slot has already passed")
    const holder = liveHolder(slot, now)
    if (slot.status !== "AVAILABLE" || (holder !== null && holder !== request.userId)) {
      throw new ApiError("TIME_SLOT_ALREADY_BOOKED", "This time slot is booked or being booked by someone else")
    }
    // Holding again never extends a hold past its first end (issue 38): a reload resumes the same countdown.
    const renewing = holder === request.userId
    if (!renewing && (await hasLiveOfferElsewhere(tx, slot.id, request.userId, now))) {
      throw new ApiError("BUSINESS_ERROR", "A slot offered from the waitlist is this user's one hold", [
        { name: "timeSlotId", message: "booking.holdOfferPending" },
      ])
    }
    if (!renewing && request.bookingFor) {
      refuseUnlessDirectBooking(await bookingSettingsOf(tx, slot.doctorId))
      if (request.bookingFor.limited) await checkBookingLimits(tx, { ...request.bookingFor, doctorId: slot.doctorId }, slot, now)
    }
    if (!renewing) await countNewHold(tx, request.userId, now)
    // One hold per user: the previous one, whichever doctor's, is let go (a waitlist offer's slot stays held: issue 14).
    const released = await tx
      .update(timeSlots)
      .set({ heldBy: null, heldUntil: null })
      .where(and(eq(timeSlots.heldBy, request.userId), ne(timeSlots.id, slot.id), sql`NOT EXISTS (${liveOffersOfSlot(timeSlots.id)})`))
      .returning({ doctorId: timeSlots.doctorId })
    // Holding a slot offered to one never shortens the offer's time.
    const offerUntil = await liveOfferUntil(tx, slot.id, request.userId, now)
    const reviewUntil = renewing ? slot.heldUntil!.getTime() : Math.floor(now.epochMilliseconds / 1000) * 1000 + SLOT_HOLD_MINUTES * 60_000
    const until = new Date(Math.max(reviewUntil, offerUntil?.getTime() ?? 0))
    const seconds = Math.round((until.getTime() - Math.floor(now.epochMilliseconds / 1000) * 1000) / 1000)
    await tx.update(timeSlots).set({ heldBy: request.userId, heldUntil: until }).where(eq(timeSlots.id, slot.id))
    return {
      hold: { timeSlotId: slot.id, heldUntil: toUtcSeconds(until), expiresInSeconds: seconds },
      doctorIds: [...new Set([slot.doctorId, ...released.map((r) => r.doctorId)])],
    }
  })
}

/**
 * Releases the user's hold of the slot and answers the slot's doctor. Nothing to release (never
 * held, expired, booked) is fine; a live hold of someone else is theirs to release.
 */
export async function releaseSlotHold(db: Db, slotId: SlotId, userId: UserId, now: Temporal.Instant = Temporal.Now.instant()): Promise<Doctor["id"]> {
  return inTransaction(db, async (tx) => {
    const [slot] = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update")
    if (!slot) throw new ApiError("TIME_SLOT_NOT_FOUND", "No such time slot")
    const holder = liveHolder(slot, now)
    if (holder !== null && holder !== userId) throw forbidden("This slot is held by someone else")
    // A slot offered to the user from the waitlist stays theirs until the offer ends.
    if (slot.heldBy === userId && !(await liveOfferUntil(tx, slot.id, userId, now))) {
      await tx.update(timeSlots).set({ heldBy: null, heldUntil: null }).where(eq(timeSlots.id, slot.id))
    }
    return slot.doctorId
  })
}
