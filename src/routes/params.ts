import { notFound } from "@tanstack/react-router"
import * as Schema from "effect/Schema"

/**
 * Path parameters, checked before any guard's loader or query sees them. Every id in an address
 * is a database id, a UUID (schemas/fields.ts `Id`; spelled out here so the record schemas stay
 * out of the entry chunk). An address whose id cannot be one names nothing: it shows the route's
 * not-found view (SPEC §2, §8), as an unknown id would after asking the gateway.
 */
const UrlId = Schema.String.check(Schema.isUUID())
export const isUrlId = Schema.is(UrlId)

/** `params` of a route whose parameters are all ids, e.g. `idParams("appointmentId")`. */
export function idParams<const K extends string>(...names: ReadonlyArray<K>) {
  return {
    parse: (raw: Record<K, string>): Record<K, string> => {
      for (const name of names) if (!isUrlId(raw[name])) throw notFound()
      return raw
    },
    stringify: (params: Record<K, string>): Record<K, string> => params,
  }
}
