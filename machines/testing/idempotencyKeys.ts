import * as Schema from "effect/Schema"
import { IdempotencyKey } from "../../schemas/idempotency.ts"

/**
 * Names Idempotency-Keys by first use ("key1", "key2", …; random values cannot be written down in
 * an oracle), or "invalid" for one the gateway would refuse (schemas/idempotency.ts). One namer
 * per observation of a run.
 */
export function keyNamer(): (key: unknown) => string {
  const names = new Map<string, string>()
  return (key) => {
    if (typeof key !== "string" || !Schema.is(IdempotencyKey)(key)) return "invalid"
    if (!names.has(key)) names.set(key, `key${names.size + 1}`)
    return names.get(key)!
  }
}
