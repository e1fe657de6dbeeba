import { and, eq, isNull } from "drizzle-orm"
import type { Country } from "../../schemas/enums.ts"
import type { DependantId, DoctorId, FacilityId, PatientId } from "../../schemas/ids.ts"
import type { Currency, DepositQuote } from "../../schemas/payments.ts"
import type { Db } from "../db/client.ts"
import { appointments, doctorSettings, healthcareFacilities } from "../db/schema.ts"

/** Both print as FCFA: Senegal's is the West African franc, Chad's the Central African one. */
const CURRENCY_OF: Record<Country, Currency> = { SENEGAL: "XOF", CHAD: "XAF" }

/** The currency of a slot's facility; a slot with none is Senegal's, where the facilities' country defaults. */
export async function currencyOfFacility(db: Db, facilityId: FacilityId | null): Promise<Currency> {
  if (!facilityId) return "XOF"
  const [facility] = await db.select({ country: healthcareFacilities.country }).from(healthcareFacilities).where(eq(healthcareFacilities.id, facilityId))
  return CURRENCY_OF[facility?.country ?? "SENEGAL"]
}

/**
 * The deposit a booking owes (issue 40), from the doctor's settings: none (NONE), always (ALL), or
 * when the person booked for (the patient, or that dependant) was marked absent before, with any
 * doctor (AFTER_NO_SHOW). The amount is the doctor's, the currency the slot facility's country's.
 */
export async function depositOwed(
  db: Db,
  booking: { readonly doctorId: DoctorId; readonly patientId: PatientId; readonly dependantId: DependantId | null },
  slot: { readonly facilityId: FacilityId | null },
): Promise<DepositQuote["deposit"]> {
  const [settings] = await db
    .select({ depositFor: doctorSettings.depositFor, amount: doctorSettings.bookingDeposit })
    .from(doctorSettings)
    .where(eq(doctorSettings.doctorId, booking.doctorId))
  if (!settings || settings.depositFor === "NONE") return null
  if (settings.depositFor === "AFTER_NO_SHOW") {
    const person = booking.dependantId === null ? isNull(appointments.dependantId) : eq(appointments.dependantId, booking.dependantId)
    const [absent] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.patientId, booking.patientId), person, eq(appointments.noShow, true)))
      .limit(1)
    if (!absent) return null
  }
  return { amount: settings.amount, currency: await currencyOfFacility(db, slot.facilityId), reason: settings.depositFor }
}
