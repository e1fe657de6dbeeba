import { asc, eq, inArray } from "drizzle-orm"
import type { Location } from "../../schemas/common.ts"
import type { Db } from "../db/client.ts"
import { locations } from "../db/schema.ts"
import type { UserId } from "../../schemas/ids.ts"

export type LocationRow = typeof locations.$inferSelect

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    isPrimary: row.isPrimary,
    residency: row.residency,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  }
}

/** Locations of several users at once, primary first then in their saved order. */
export async function locationsByUser(db: Db, userIds: ReadonlyArray<UserId>): Promise<Map<UserId, Location[]>> {
  const map = new Map<UserId, Location[]>()
  if (userIds.length === 0) return map
  const rows = await db
    .select()
    .from(locations)
    .where(inArray(locations.userId, [...userIds]))
    .orderBy(asc(locations.position))
  for (const row of rows) {
    const list = map.get(row.userId) ?? []
    list.push(toLocation(row))
    map.set(row.userId, list)
  }
  return map
}

/** Replaces a user's locations by a saved form's list, in its order (call inside the save's transaction). */
export async function replaceLocations(db: Db, userId: UserId, list: ReadonlyArray<Location>): Promise<void> {
  await db.delete(locations).where(eq(locations.userId, userId))
  if (list.length === 0) return
  await db.insert(locations).values(
    list.map((l, position) => ({
      userId,
      address: l.address.trim(),
      city: l.city.trim(),
      state: l.state ?? null,
      zip: l.zip ?? null,
      country: l.country,
      isPrimary: l.isPrimary,
      residency: l.residency ?? null,
      lat: l.coordinates?.lat ?? null,
      lng: l.coordinates?.lng ?? null,
      position,
    })),
  )
}
