import { newIdempotencyKey } from "./idempotencyKey.ts"

/**
 * Idempotency-Keys by request (issue 13): asking again for the same thing (a retry after a lost
 * answer) reuses its key, so the gateway answers what it answered first; asking for something else
 * gets a new key, which the gateway would otherwise refuse as reused (INVALID_KEY).
 */
export function idempotencyKeys(): (request: string) => string {
  const keys = new Map<string, string>()
  return (request) => {
    let key = keys.get(request)
    if (key === undefined) keys.set(request, (key = newIdempotencyKey()))
    return key
  }
}
