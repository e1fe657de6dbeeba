import { LIMITS } from "./limits.ts"

/**
 * Issue 38: what one account may keep of each collection it adds to, so that no free account grows
 * a table without end. Locations are SPEC §9's 3; the others are ours (SPEC gives none): emergency
 * contacts 5 (the issue's), dependants 20, medical alerts 50, medical records 100 (the storage quota
 * keeps 200 files), doctors waited for 10 at once (per account, dependants included), and calendar
 * feeds made or replaced 10 a day. A module of its own: the landing page loads limits.ts.
 */
export const COLLECTION_CAPS = {
  locations: LIMITS.locationsMax,
  emergencyContacts: 5,
  dependants: 20,
  medicalAlerts: 50,
  medicalRecords: 100,
  waitlistEntries: 10,
  feedRotationsPerDay: 10,
} as const
