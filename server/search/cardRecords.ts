import type { DoctorId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { readStoredRecords, withNext, type StoredRecord } from "../repositories/doctors.ts"
import type { MirrorReads } from "./doctorMirror.ts"

/** A doctor's record as the search sends it, and when its next free slot begins (never, when it has none). */
interface Card {
  readonly json: string
  readonly nextAt: number
}

const cardOf = (row: StoredRecord & { nextAt: number | null }): Card => ({ json: withNext(row), nextAt: row.nextAt ?? Infinity })

/**
 * The doctors' stored records (migration 0017) with their next free slot, as the search sends
 * them: each doctor's JSON text put together once, when their record or slots change, instead of
 * at every search. A next free slot that has begun is no longer free to take: the search reads
 * those doctors again before sending them (`passed`), as the statement reads it at each call.
 */
export class CardRecords {
  readonly #cards = new Map<string, Card>()

  /** How ./doctorMirror.ts reads them from the database. */
  static reads(db: Db): MirrorReads<CardRecords> {
    return {
      all: async () => {
        const records = new CardRecords()
        for (const row of await readStoredRecords(db)) records.#cards.set(row.doctorId, cardOf(row))
        return records
      },
      some: async (records, ids) => {
        const rows = await readStoredRecords(db, ids)
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
