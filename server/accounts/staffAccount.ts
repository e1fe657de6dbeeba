import { sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { decodeWithFields } from "../../schemas/decode.ts"
import type { FieldError } from "../../schemas/errors.ts"
import { Email, LIMITS, Password, requiredText } from "../../schemas/fields.ts"
import type { UserId } from "../../schemas/ids.ts"
import { hashPassword } from "../auth/passwords.ts"
import type { Db } from "../db/client.ts"
import { managers, users } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { isUniqueViolation } from "../repositories/appointmentRules.ts"

export const STAFF_ROLES = ["ADMIN", "MANAGER"] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The first admin or manager of a database without demo data: the address and password rules of the sign-up. */
const StaffAccount = Schema.Struct({
  email: Email,
  password: Password,
  role: Schema.Literals(STAFF_ROLES),
  firstName: requiredText("validation.firstNameRequired", LIMITS.nameMax),
  lastName: requiredText("validation.lastNameRequired", LIMITS.nameMax),
})

export type StaffAccountResult = { readonly userId: UserId } | { readonly refused: ReadonlyArray<FieldError> }

/**
 * Creates an admin or a manager (with no facility yet) under the sign-up's rules, or says which
 * field is refused: a weak password, a malformed address, or an address that already has an account.
 */
export async function createStaffAccount(
  db: Db,
  input: { email: string; password: string; role: string; firstName?: string; lastName?: string },
): Promise<StaffAccountResult> {
  const decoded = decodeWithFields(StaffAccount, {
    firstName: "Promed",
    lastName: input.role === "MANAGER" ? "Manager" : "Admin",
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
  })
  if (!decoded.ok) return { refused: decoded.fields }
  const account = decoded.value
  const taken = { refused: [{ name: "email", message: "validation.emailTaken" }] }
  const passwordHash = await hashPassword(account.password)
  try {
    return await inTransaction(db, async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${account.email}`)
      if (existing) return taken
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, passwordHash, role: account.role, firstName: account.firstName.trim(), lastName: account.lastName.trim() })
        .returning({ id: users.id })
      if (account.role === "MANAGER") await tx.insert(managers).values({ userId: user!.id, facilityId: null })
      return { userId: user!.id }
    })
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) return taken
    throw error
  }
}
