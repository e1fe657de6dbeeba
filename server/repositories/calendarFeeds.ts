import { eq, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { calendarFeeds, doctors, patients, users } from "../db/schema.ts"
import type { DoctorId, PatientId, UserId } from "../../schemas/ids.ts"

/** Whose a feed is, as its address is read: the appointments of a patient or of a doctor. */
export type FeedOwner = { readonly patientId: PatientId } | { readonly doctorId: DoctorId }

/** The user's feed: made when, or undefined. */
export async function findFeed(db: Db, userId: UserId): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
  return row
}

/** Keeps a new token's hash as the user's only feed (an older one stops at once); returns when. */
export async function replaceFeed(db: Db, userId: UserId, tokenHash: string): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt })
  return row!.createdAt
}

export async function deleteFeed(db: Db, userId: UserId): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

/** The owner of the feed with this token hash: a patient's or a doctor's record; undefined for none. */
export async function feedOwner(db: Db, tokenHash: string): Promise<FeedOwner | undefined> {
  const [row] = await db
    .select({ patientId: patients.id, doctorId: doctors.id })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
  if (!row) return undefined
  if (row.doctorId !== null) return { doctorId: row.doctorId }
  return row.patientId !== null ? { patientId: row.patientId } : undefined
}
