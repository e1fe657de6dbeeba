import type { Doctor } from "../../../schemas/doctor.ts"

/** Where a clinic visit takes place: the slot's facility, else the doctor's primary location. */
export function clinicAddressOf(doctor: Doctor, facilityId: string | null): string | null {
  const facility = doctor.healthcareFacilities.find((f) => f.id === facilityId) ?? (facilityId ? undefined : doctor.healthcareFacilities[0])
  if (facility) return [facility.name, facility.location.address, facility.location.city].filter(Boolean).join(", ")
  const primary = doctor.locations.find((l) => l.isPrimary) ?? doctor.locations[0]
  return primary ? `${primary.address}, ${primary.city}` : null
}
