import type { Doctor } from "../../../../schemas/doctor.ts"

/** The doctor's time zone, from the country of the primary location (Senegal unless in Chad). */
export const doctorTimeZone = (doctor: Pick<Doctor, "locations">): "Africa/Dakar" | "Africa/Ndjamena" =>
  primaryLocation(doctor)?.country === "CHAD" ? "Africa/Ndjamena" : "Africa/Dakar"

export const primaryLocation = (doctor: Pick<Doctor, "locations">) => doctor.locations.find((l) => l.isPrimary) ?? doctor.locations[0]

/** The cheapest service price (the "starting price" of SPEC §2), or null without services. */
export const startingPrice = (doctor: Pick<Doctor, "providedServices">): number | null =>
  doctor.providedServices.length > 0 ? Math.min(...doctor.providedServices.map((s) => s.price)) : null

export const clinicPrice = (doctor: Pick<Doctor, "providedServices">): number | null => doctor.providedServices.find((s) => s.code === "CLINIC")?.price ?? null

/** Sample doctors (shown when the gateway is down) have ids no profile answers to. */
export const isSampleDoctor = (doctor: Pick<Doctor, "id">): boolean => doctor.id.startsWith("sample-")
