import type { Db } from "./client.ts"

/**
 * The one way the server opens a transaction: `work` runs in it (in a savepoint when `db` is
 * already a transaction) and gets it typed as a Db, so repositories take either. It commits when
 * `work` resolves and rolls back when it throws.
 *
 * Isolation stays READ COMMITTED, PostgreSQL's default and PGlite's only: every writer that must
 * not race locks the rows its decision rests on (SELECT … FOR UPDATE on the doctor, the slot, the
 * user), which queues concurrent writers instead of failing them as SERIALIZABLE would, so there
 * is no serialisation failure to retry. Unique indexes are the last guard; their violations are
 * turned into answers by the callers that expect them (a slot booked twice, an address taken).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((transaction) => work(transaction as unknown as Db))
}
