import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { credentialAttempts } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { CREDENTIAL_LIMITS, keyName, waitBeforeNext, type CredentialLimitPolicy, type CredentialLimits, type LimitKey } from "./credentialLimits.ts"

/**
 * Attempts counted in the database, so that every gateway on it shares one count: five guesses
 * spread over two gateways are five, and a lockout holds whichever gateway the next guess reaches.
 * The same policy and answers as MemoryCredentialLimits.
 */
export class DatabaseCredentialLimits implements CredentialLimits {
  constructor(
    private readonly db: Db,
    private readonly policy: CredentialLimitPolicy = CREDENTIAL_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  attempt(keys: ReadonlyArray<LimitKey>): Promise<number> {
    const now = this.now()
    const cutoff = now - this.policy.windowMs
    const names = [...new Set(keys.map(keyName))].sort()
    return inTransaction(this.db, async (tx) => {
      // One lock per key, taken in one order by everyone: parallel guesses at one account queue
      // here, so none can read the count before another has added to it.
      for (const name of names) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)
      // What has left the window counts for nothing any more; dropping it keeps the table small.
      await tx.delete(credentialAttempts).where(and(inArray(credentialAttempts.key, names), lte(credentialAttempts.at, cutoff)))
      const rows = await tx
        .select({ key: credentialAttempts.key, at: credentialAttempts.at })
        .from(credentialAttempts)
        .where(and(inArray(credentialAttempts.key, names), gt(credentialAttempts.at, cutoff)))
        .orderBy(credentialAttempts.at)
      let waitMs = 0
      for (const key of keys) {
        const times = rows.filter((row) => row.key === keyName(key)).map((row) => row.at)
        waitMs = Math.max(waitMs, waitBeforeNext(times, this.policy.kinds[key.kind].max, this.policy.windowMs, now))
      }
      if (waitMs > 0) return waitMs
      await tx.insert(credentialAttempts).values(names.map((key) => ({ key, at: now })))
      return 0
    })
  }

  async succeeded(keys: ReadonlyArray<LimitKey>): Promise<void> {
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

  /** Attempts older than the window, left by keys never tried again (run now and then). */
  async forgetExpired(): Promise<void> {
    await this.db.delete(credentialAttempts).where(lte(credentialAttempts.at, this.now() - this.policy.windowMs))
  }
}
