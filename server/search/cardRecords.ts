import type { DoctorId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { readStoredRecords, withNext, type StoredRecord } from "../repositories/doctors.ts"
import type { MirrorReads } from "./doctorMirror.ts"

/** A doctor's record as the search sends it, and when its next free slot begins (never, when it has none). */
interface Card {
  readonly json: string
  readonly nextAt: number
}

/** Records read at a time when all are read. */
const READ_ALL_PAGE = 2_000

const cardOf = (row: StoredRecord & { nextAt: number | null }): Card => ({ json: withNext(row), nextAt: row.nextAt ?? Infinity })

/**
 * The doctors' stored records (migration 0017) with their next free slot, as the search sends
 * them: each doctor's JSON text put together once, when their record or slots change, instead of
 * at every search. A next free slot that has begun is no longer free to take: the search reads
 * those doctors again before sending them (`passed`), as the statement reads it at each call.
 */
export class CardRecords {
  readonly #cards = new Map<string, Card>()

  /** How ./doctorMirror.ts reads them from the database, `pageSize` records at a time when it reads them all. */
  static reads(db: Db, pageSize = READ_ALL_PAGE): MirrorReads<CardRecords> {
    return {
      all: async () => {
        // A page at a time: at 100,000 doctors every record at once is some 220 MB of answer held twice.
        const records = new CardRecords()
        for (let after: string | null = null; ;) {
          const rows = await readStoredRecords(db, { after, limit: pageSize })
          for (const row of rows) records.#cards.set(row.doctorId, cardOf(row))
          if (rows.length < pageSize) return records
          after = rows.at(-1)!.doctorId
        }
      },
      some: async (records, ids) => {
        const rows = await readStoredRecords(db, { ids })
        for (const id of ids) records.#cards.delete(id)
        for (const row of rows) records.#cards.set(row.doctorId, cardOf(row))
      },
    }
  }

  /** Those of these doctors whose next free slot began by `now` (epoch milliseconds). */
  passed(ids: ReadonlyArray<string>, now: number): DoctorId[] {
    return ids.filter((id) => (this.#cards.get(id)?.nextAt ?? Infinity) <= now) as DoctorId[]
  }

  /** A doctor's record, or undefined when there is no such doctor. */
  one(id: string): string | undefined {
    return this.#cards.get(id)?.json
  }

  /** The records of these doctors as a JSON array, in this order (those that exist), as doctorRecordsOf writes it. */
  json(ids: ReadonlyArray<string>): string {
    const found: string[] = []
    for (const id of ids) {
      const card = this.#cards.get(id)
      if (card) found.push(card.json)
    }
    return `[${found.join(", ")}]`
  }
}
