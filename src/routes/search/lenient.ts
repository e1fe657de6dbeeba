import type { Check, Checked } from "./checks.ts"

/**
 * Reading an address leniently: each parameter is checked (./checks.ts) and dropped when it does
 * not fit, so a hand-edited or outdated link opens the page with defaults instead of an error.
 * TanStack's parser JSON-parses values: `?page=2` arrives as 2, `?q=true` as true.
 */

export { fieldOf } from "./checks.ts"

/** The address a route's checks describe: each field optional, of the type its check lets through. */
export type LenientSearch<F extends Record<string, Check<unknown>>> = { readonly [K in keyof F]?: Checked<F[K]> }

/**
 * A route's `validateSearch` from the checks of its optional fields, each field checked alone: a
 * field that fits is kept, one that does not is named undefined (not left out: TanStack merges a
 * route's search over the raw one the root passes down, so a field left out would come back raw).
 */
export function lenientSearch<F extends Record<string, Check<unknown>>>(fields: F): (raw: Record<string, unknown>) => LenientSearch<F> {
  const checks = Object.entries(fields)
  return (raw) => {
    const search: Record<string, unknown> = {}
    for (const [key, fits] of checks) {
      if (!(key in raw)) continue
      search[key] = fits(raw[key]) ? raw[key] : undefined
    }
    return search as LenientSearch<F>
  }
}
