import type { FacilityTimeZone } from "./enums.ts"

/** The zone of a place without facility (a doctor's home address): its country's. */
export const zoneOfCountry = (country: string | null | undefined): FacilityTimeZone => (country === "CHAD" ? "Africa/Ndjamena" : "Africa/Dakar")
