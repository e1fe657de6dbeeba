import { and, desc, eq, inArray, like, lte, or, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { credentialAttempts } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import {
  keyName,
  waitBeforeNext,
  type CredentialLimitPolicy,
  type CredentialLimits,
  type LimitKey,
  type LimitKind,
  type LimitRule,
} from "./credentialLimits.ts"

/**
 * Attempts counted in the database, so that every gateway on it shares one count: five guesses
 * spread over two gateways are five, and a lockout holds whichever gateway the next guess reaches.
 * The same policy and answers as MemoryCredentialLimits. Several policies share the table (sign-in
 * and sign-up): their kinds differ, so their keys never meet, and each forgets only its own.
 */
export class DatabaseCredentialLimits<K extends string = LimitKind> implements CredentialLimits<K> {
  constructor(
    private readonly db: Db,
    private readonly policy: CredentialLimitPolicy<K>,
    private readonly now: () => number = Date.now,
  ) {}

  attempt(keys: ReadonlyArray<LimitKey<K>>): Promise<number> {
    const now = this.now()
    const byName = new Map(keys.map((key) => [keyName(key), this.policy.kinds[key.kind]] as const))
    const names = [...byName.keys()].sort()
    return inTransaction(this.db, async (tx) => {
      // One lock per key, taken in one order by everyone: parallel guesses at one account queue
      // here, so none can read the count before another has added to it.
      for (const name of names) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)
      // What has left its key's window counts for nothing any more; dropping it keeps the table small.
      await tx
        .delete(credentialAttempts)
        .where(or(...names.map((name) => and(eq(credentialAttempts.key, name), lte(credentialAttempts.at, now - byName.get(name)!.windowMs)))))
      const rows = await tx
        .select({ key: credentialAttempts.key, at: credentialAttempts.at })
        .from(credentialAttempts)
        .where(inArray(credentialAttempts.key, names))
        .orderBy(credentialAttempts.at)
      let waitMs = 0
      for (const [name, rule] of byName) {
        const times = rows.filter((row) => row.key === name).map((row) => row.at)
        waitMs = Math.max(waitMs, waitBeforeNext(times, rule.max, rule.windowMs, now))
      }
      if (waitMs > 0) return waitMs
      await tx.insert(credentialAttempts).values(names.map((key) => ({ key, at: now })))
      return 0
    })
  }

  async succeeded(keys: ReadonlyArray<LimitKey<K>>): Promise<void> {
    for (const key of keys) {
      const name = keyName(key)
      if (this.policy.kinds[key.kind].successForgets) {
        await this.db.delete(credentialAttempts).where(eq(credentialAttempts.key, name))
        continue
      }
      const [latest] = await this.db
        .select({ id: credentialAttempts.id })
        .from(credentialAttempts)
        .where(eq(credentialAttempts.key, name))
        .orderBy(desc(credentialAttempts.at), desc(credentialAttempts.id))
        .limit(1)
      if (latest) await this.db.delete(credentialAttempts).where(eq(credentialAttempts.id, latest.id))
    }
  }

  /** Attempts of this policy's kinds older than their window, left by keys never tried again (run now and then). */
  async forgetExpired(): Promise<void> {
    const now = this.now()
    const rules = Object.entries<LimitRule>(this.policy.kinds)
    await this.db
      .delete(credentialAttempts)
      .where(or(...rules.map(([kind, rule]) => and(like(credentialAttempts.key, `${kind}:%`), lte(credentialAttempts.at, now - rule.windowMs)))))
  }
}
