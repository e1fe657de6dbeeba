import * as Schema from "effect/Schema"

/**
 * Reading an address leniently: each parameter is checked with its schema and dropped when it
 * does not fit, so a hand-edited or outdated link opens the page with defaults instead of an
 * error. TanStack's parser JSON-parses values: `?page=2` arrives as 2, `?q=true` as true.
 */

/** One value checked by its schema: the value when it fits, else undefined. */
export const fieldOf =
  <A>(schema: Schema.Codec<A, unknown, never, never>) =>
  (value: unknown): A | undefined =>
    Schema.is(schema)(value) ? value : undefined

/**
 * A route's `validateSearch` from a struct of optional fields, checking each field alone: a
 * field that fits is kept, one that does not is named undefined (not left out: TanStack merges a
 * route's search over the raw one the root passes down, so a field left out would come back raw).
 */
export function lenientSearch<F extends Schema.Struct.Fields>(struct: Schema.Struct<F>): (raw: Record<string, unknown>) => Schema.Struct<F>["Type"] {
  const checks = Object.entries(struct.fields).map(([key, field]) => [key, Schema.is(Schema.Struct({ [key]: field }))] as const)
  return (raw) => {
    const search: Record<string, unknown> = {}
    for (const [key, fits] of checks) {
      if (!(key in raw)) continue
      search[key] = fits({ [key]: raw[key] }) ? raw[key] : undefined
    }
    return search as Schema.Struct<F>["Type"]
  }
}
