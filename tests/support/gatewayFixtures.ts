import { eq } from "drizzle-orm"
import type { Doctor, DoctorUpdate } from "../../schemas/doctor.ts"
import type { Db } from "../../server/db/client.ts"
import { doctors, users } from "../../server/db/schema.ts"

/** The doctor id of a seeded doctor account (e.g. doctor@demo.sn). */
export async function doctorIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: doctors.id }).from(doctors).innerJoin(users, eq(users.id, doctors.userId)).where(eq(users.email, email))
  if (!row) throw new Error(`no seeded doctor ${email}`)
  return row.id
}

/** The doctor form (PUT /doctors/{id}) as a doctor's record stands. */
export const doctorFormOf = (d: Doctor): DoctorUpdate => ({
  firstName: d.firstName,
  lastName: d.lastName,
  refNumber: d.refNumber ?? "SN-0001",
  careerStartYear: d.careerStartYear ?? 2006,
  biography: d.biography,
  website: d.website,
  phoneNumber: d.phoneNumber,
  locations: d.locations,
  providedServices: d.providedServices.map(({ code, price }) => ({ code, price })),
  doctorSpokenLanguages: d.doctorSpokenLanguages,
  insuranceAccepted: d.insuranceAccepted,
})
