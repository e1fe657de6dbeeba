import { notFound } from "@tanstack/react-router"
import { isUuid } from "./search/checks.ts"
import type { AppointmentId, DoctorId, PatientId, PaymentId } from "../../schemas/ids.ts"

/**
 * Path parameters, checked before any guard's loader or query sees them. Every id in an address
 * is a database id, a UUID (./search/checks.ts `isUuid`, held to schemas/ids.ts `Id`). An address
 * whose id cannot be one names nothing: it shows the route's not-found view (SPEC §2, §8), as an
 * unknown id would after asking the gateway.
 */
export const isUrlId = isUuid

/** An id in the address's search, checked as a path's is: the branded id `I` it names, or undefined. */
export const searchId = <I extends AppointmentId | DoctorId | PatientId>(raw: unknown): I | undefined => (isUrlId(raw) ? (raw as I) : undefined)

/** The branded id (schemas/ids.ts) each address parameter holds once checked; a type only. */
interface ParamIds {
  readonly appointmentId: AppointmentId
  readonly doctorId: DoctorId
  readonly patientId: PatientId
  /** Issue 40: a deposit's payment, as the provider's page sends the browser back to it. */
  readonly paymentId: PaymentId
}

/**
 * `params` of a route whose parameters are all ids, e.g. `idParams("appointmentId")`: the one
 * place an address's text becomes a branded id, once it is checked to be a UUID.
 */
export function idParams<const K extends keyof ParamIds>(...names: ReadonlyArray<K>) {
  return {
    parse: (raw: Record<K, string>): Pick<ParamIds, K> => {
      for (const name of names) if (!isUrlId(raw[name])) throw notFound()
      return raw as Pick<ParamIds, K>
    },
    stringify: (params: Pick<ParamIds, K>): Record<K, string> => params,
  }
}
