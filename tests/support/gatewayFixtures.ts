import { eq } from "drizzle-orm"
import type { Db } from "../../server/db/client.ts"
import { doctors, users } from "../../server/db/schema.ts"

/** The doctor id of a seeded doctor account (e.g. doctor@demo.sn). */
export async function doctorIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: doctors.id }).from(doctors).innerJoin(users, eq(users.id, doctors.userId)).where(eq(users.email, email))
  if (!row) throw new Error(`no seeded doctor ${email}`)
  return row.id
}
