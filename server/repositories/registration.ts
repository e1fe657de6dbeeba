import { eq, sql } from "drizzle-orm"
import type { AppLanguage } from "../../schemas/enums.ts"
import type { PatientRegistration } from "../../schemas/registration.ts"
import type { Db } from "../db/client.ts"
import { patients, patientSettings, users } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { isUniqueViolation } from "./appointmentRules.ts"
import type { UserId } from "../../schemas/ids.ts"

/**
 * Creates a patient's account in one transaction: the user, the patient record and its settings
 * row (settings reads never create rows), the interface language being the sign-up page's.
 * Answers the new user's id, or "taken" when the address already has an account.
 */
export async function createPatientAccount(
  db: Db,
  account: Omit<PatientRegistration, "password" | "acceptTerms"> & { passwordHash: string; appLanguage: AppLanguage },
): Promise<{ userId: UserId } | "taken"> {
  try {
    return await inTransaction(db, async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, account.email))
      if (existing) return "taken" as const
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: account.passwordHash,
          role: "PATIENT",
          firstName: account.firstName.trim(),
          lastName: account.lastName.trim(),
          phoneNumber: account.phoneNumber,
          // Typed by whoever signed up: neither is theirs until its code or link comes back (issue 38).
          phoneVerifiedAt: null,
          emailVerifiedAt: null,
        })
        .returning({ id: users.id })
      const [patient] = await tx
        .insert(patients)
        .values({ userId: user!.id, preferredNotificationMethods: ["EMAIL"] })
        .returning({ id: patients.id })
      await tx.insert(patientSettings).values({ patientId: patient!.id, appLanguage: account.appLanguage })
      return { userId: user!.id }
    })
  } catch (error) {
    // Two sign-ups of one address at once: the second meets the unique index.
    if (isUniqueViolation(error, "users_email_key")) return "taken"
    throw error
  }
}
