import { and, eq, isNotNull } from "drizzle-orm"
import type { PatientId, UserId } from "../../schemas/ids.ts"
import type { UssdCountry, UssdLanguage } from "../../machines/ussdBooking.machine.ts"
import type { Db } from "../db/client.ts"
import { patients, patientSettings, users, ussdCallers } from "../db/schema.ts"

/** Who calls: the number the mobile network gives (trusted as verified, issue 41) and its account if one has it verified. */
export interface UssdCaller {
  readonly phoneNumber: string
  readonly country: UssdCountry
  readonly account: { readonly userId: UserId; readonly patientId: PatientId; readonly name: string } | null
  readonly language: UssdLanguage
}

/** The number in E.164 (the aggregator sends +221…, some networks 221… or 00221…); null when it is no number. */
export function callerNumber(raw: string): string | null {
  const digits = raw.trim().replace(/^(\+|00)/, "")
  return /^\d{8,15}$/.test(digits) ? `+${digits}` : null
}

/** +235 is Chad; everyone else is served as in Senegal, where most callers are. */
export const countryOfNumber = (phoneNumber: string): UssdCountry => (phoneNumber.startsWith("+235") ? "TD" : "SN")

const fromAppLanguage = (appLanguage: string | null | undefined): UssdLanguage | null => {
  const lang = appLanguage?.toLowerCase()
  return lang === "fr" || lang === "en" || lang === "ar" ? lang : null
}

/**
 * The caller: the patient account whose verified phone is this number, if any (the first one made,
 * should two have it), and the language chosen for the number, else the account's, else French.
 */
export async function findCaller(db: Db, phoneNumber: string): Promise<UssdCaller> {
  const [account] = await db
    .select({ userId: users.id, patientId: patients.id, firstName: users.firstName, lastName: users.lastName, appLanguage: patientSettings.appLanguage })
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .leftJoin(patientSettings, eq(patientSettings.patientId, patients.id))
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.role, "PATIENT"), eq(users.isActive, true), isNotNull(users.phoneVerifiedAt)))
    .orderBy(users.createdAt)
    .limit(1)
  const [chosen] = await db.select({ language: ussdCallers.language }).from(ussdCallers).where(eq(ussdCallers.phoneNumber, phoneNumber))
  return {
    phoneNumber,
    country: countryOfNumber(phoneNumber),
    account: account ? { userId: account.userId, patientId: account.patientId, name: `${account.firstName} ${account.lastName}` } : null,
    language: chosen?.language ?? fromAppLanguage(account?.appLanguage) ?? "fr",
  }
}

/** Remembers the number's language; with an account, its app language follows (the web opens in it too). */
export async function saveCallerLanguage(db: Db, caller: UssdCaller, language: UssdLanguage): Promise<void> {
  await db
    .insert(ussdCallers)
    .values({ phoneNumber: caller.phoneNumber, language })
    .onConflictDoUpdate({ target: ussdCallers.phoneNumber, set: { language, updatedAt: new Date() } })
  if (caller.account)
    await db.update(patientSettings).set({ appLanguage: language.toUpperCase() }).where(eq(patientSettings.patientId, caller.account.patientId))
}
