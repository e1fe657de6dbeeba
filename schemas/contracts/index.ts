import type { AnyEndpoint } from "../contract.ts"
import * as aggregator from "./aggregator.ts"
import * as appointments from "./appointments.ts"
import * as availability from "./availability.ts"
import * as calendarFeed from "./calendarFeed.ts"
import * as contact from "./contact.ts"
import * as doctorAccount from "./doctorAccount.ts"
import * as doctorPatients from "./doctorPatients.ts"
import * as doctorRequests from "./doctorRequests.ts"
import * as doctors from "./doctors.ts"
import * as facilities from "./facilities.ts"
import * as patients from "./patients.ts"
import * as payments from "./payments.ts"
import * as reviews from "./reviews.ts"
import * as session from "./session.ts"
import * as sessions from "./sessions.ts"
import * as slotWaitlists from "./slotWaitlists.ts"
import * as timeSlotHolds from "./timeSlotHolds.ts"
import * as verification from "./verification.ts"

/**
 * Every call under /api/v1, by resource. Not for the SPA (each screen imports only its resource's
 * file, so a page loads only the schemas it calls with): the access matrix checks that the gateway
 * registers exactly these, and that each one's access agrees with SPEC (tests/security/).
 */
export const CONTRACTS = {
  aggregator,
  appointments,
  availability,
  calendarFeed,
  contact,
  doctorAccount,
  doctorPatients,
  doctorRequests,
  doctors,
  facilities,
  patients,
  payments,
  reviews,
  session,
  sessions,
  slotWaitlists,
  timeSlotHolds,
  verification,
} as const

/** Each contract with its name, `resource.call`. */
export const ALL_CONTRACTS: ReadonlyArray<{ readonly name: string; readonly contract: AnyEndpoint }> = Object.entries(CONTRACTS).flatMap(([resource, calls]) =>
  Object.entries(calls).map(([name, contract]: [string, AnyEndpoint]) => ({ name: `${resource}.${name}`, contract })),
)
