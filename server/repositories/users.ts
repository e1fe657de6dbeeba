import { eq } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { healthcareFacilities, managers, users } from "../db/schema.ts"
import type { UserId } from "../../schemas/ids.ts"

/** A user's row, or undefined. */
export async function findUser(db: Db, userId: UserId): Promise<typeof users.$inferSelect | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return user
}

/** The facility a manager runs, or null when they have none (yet). */
export async function facilityOfManager(db: Db, userId: UserId): Promise<typeof healthcareFacilities.$inferSelect | null> {
  const [row] = await db
    .select({ facility: healthcareFacilities })
    .from(managers)
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, managers.facilityId))
    .where(eq(managers.userId, userId))
  return row?.facility ?? null
}

/** Replaces a user's password hash. */
export async function setPasswordHash(db: Db, userId: UserId, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}
