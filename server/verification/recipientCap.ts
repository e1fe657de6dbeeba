import { and, eq, gt, sql } from "drizzle-orm"
import { RECIPIENT_CAP } from "../../schemas/verification.ts"
import type { Db } from "../db/client.ts"
import { recipientNotices } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { countNotice, sendCounted, type NoticeChannel } from "../observability/notices.ts"

/** The key a recipient is counted by: the number as stored (E.164), an address in lower case. */
export const recipientKey = (to: string): string => (to.includes("@") ? to.trim().toLowerCase() : to.trim())

/** A place taken under the cap: given back when the notice could not leave after all. */
export type Reservation = { readonly release: () => Promise<void> }

/**
 * Takes one of the recipient's notices of the hour (issue 38: RECIPIENT_CAP.notices an hour per
 * number or address, whatever the cause), or answers null when they are all taken. Counted and
 * taken under a transaction lock on the recipient, so two senders at once cannot both take the
 * last one.
 */
export async function reserveNotice(db: Db, to: string, now: Date): Promise<Reservation | null> {
  const recipient = recipientKey(to)
  const since = new Date(now.getTime() - RECIPIENT_CAP.windowMinutes * 60_000)
  const id = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notice:${recipient}`}))`)
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(recipientNotices)
      .where(and(eq(recipientNotices.recipient, recipient), gt(recipientNotices.sentAt, since)))
    if ((row?.n ?? 0) >= RECIPIENT_CAP.notices) return null
    const [made] = await tx.insert(recipientNotices).values({ recipient, sentAt: now }).returning({ id: recipientNotices.id })
    return made!.id
  })
  if (id === null) return null
  return { release: async () => void (await db.delete(recipientNotices).where(eq(recipientNotices.id, id))) }
}

/** When the recipient may get a notice again (the oldest of the hour's leaves the window), or now when they may already. */
export async function nextNoticeAt(db: Db, to: string, now: Date): Promise<Date> {
  const since = new Date(now.getTime() - RECIPIENT_CAP.windowMinutes * 60_000)
  const rows = await db
    .select({ at: recipientNotices.sentAt })
    .from(recipientNotices)
    .where(and(eq(recipientNotices.recipient, recipientKey(to)), gt(recipientNotices.sentAt, since)))
    .orderBy(recipientNotices.sentAt)
  if (rows.length < RECIPIENT_CAP.notices) return now
  return new Date(rows[rows.length - RECIPIENT_CAP.notices]!.at.getTime() + RECIPIENT_CAP.windowMinutes * 60_000)
}

/**
 * Sends one notice within its recipient's cap, counted: skipped (false) when the hour's are taken;
 * a failed send gives its place back and throws on (its job is tried again).
 */
export async function sendCapped(db: Db, channel: NoticeChannel, to: string, now: Date, send: () => Promise<void>): Promise<boolean> {
  const reservation = await reserveNotice(db, to, now)
  if (!reservation) {
    countNotice(channel, "skipped")
    return false
  }
  try {
    await sendCounted(channel, send)
  } catch (error) {
    await reservation.release()
    throw error
  }
  return true
}
