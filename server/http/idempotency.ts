import { createHash } from "node:crypto"
import type { Context } from "hono"
import { decodeWithFields } from "../../schemas/decode.ts"
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, IdempotencyKey } from "../../schemas/idempotency.ts"
import type { Db } from "../db/client.ts"
import { inTransaction } from "../db/transaction.ts"
import { claimKey, findKeptAnswer, keepAnswer, purgeExpiredKeys, type KeptAnswer } from "../repositories/idempotencyKeys.ts"
import { reply, type Reply } from "./contract.ts"
import type { AppEnv, Caller } from "./context.ts"
import { ApiError } from "./errors.ts"
import { markReadOnly } from "./readCache.ts"

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/** What a key was first used for: the method, the path and a hash of the decoded body. */
const fingerprintOf = (c: Context<AppEnv>, body: unknown): string =>
  `${c.req.method} ${c.req.path} ${createHash("sha256")
    .update(canonical(body ?? null))
    .digest("hex")}`

/** The request's key, or null without the header (then the write behaves as it always did). */
function keyOf(c: Context<AppEnv>): string | null {
  const raw = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (raw === undefined) return null
  const decoded = decodeWithFields(IdempotencyKey, raw)
  if (!decoded.ok)
    throw new ApiError("INVALID_PARAMETER", `Invalid ${IDEMPOTENCY_KEY_HEADER}`, [{ name: IDEMPOTENCY_KEY_HEADER, message: "validation.invalid" }])
  return decoded.value
}

/** The kept answer again, marked as such; a key reused for another request is refused (INVALID_KEY, 422). */
function replay<T>(kept: KeptAnswer, fingerprint: string): Reply<T> {
  if (kept.fingerprint !== fingerprint) {
    throw new ApiError("INVALID_KEY", `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request`)
  }
  return reply((c) => {
    c.header(IDEMPOTENCY_REPLAYED_HEADER, "true")
    // The write already happened: the cached reads were dropped then.
    markReadOnly(c)
    return c.json(kept.body as object, kept.status as 200 | 201)
  })
}

/**
 * Runs a write that creates or changes an appointment so that a retry is safe (issue 13). Without
 * an `Idempotency-Key` header, `write(db)` runs as it always did. With one, the key is claimed, the
 * write done and its answer kept, all in ONE transaction: a gateway killed at any point leaves
 * either nothing or the write with its answer, never a booking without its key. The same user
 * with the same key and the same request gets the kept answer (header `Idempotency-Replayed:
 * true`), whether it comes after the first one or while it is still running (it waits on the
 * key's primary key, then replays). Failures are not kept: they wrote nothing, so a retry
 * tries again.
 */
export async function idempotent<T>(
  c: Context<AppEnv>,
  caller: Caller,
  body: unknown,
  status: 200 | 201,
  write: (db: Db) => Promise<T>,
): Promise<T | Reply<T>> {
  const { db } = c.get("deps")
  const key = keyOf(c)
  if (key === null) return write(db)
  const fingerprint = fingerprintOf(c, body)
  const earlier = await findKeptAnswer(db, caller.userId, key)
  if (earlier) return replay(earlier, fingerprint)
  await purgeExpiredKeys(db, caller.userId)
  const outcome = await inTransaction(db, async (tx): Promise<{ kept: KeptAnswer } | { value: T }> => {
    if (!(await claimKey(tx, caller.userId, key, fingerprint))) {
      // Another request with this key committed while this one waited for it.
      const kept = await findKeptAnswer(tx, caller.userId, key)
      if (!kept) throw new ApiError("DUPLICATE_ENTRY", `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running`)
      return { kept }
    }
    const value = await write(tx)
    await keepAnswer(tx, caller.userId, key, status, value)
    return { value }
  })
  if ("kept" in outcome) return replay(outcome.kept, fingerprint)
  return outcome.value
}
