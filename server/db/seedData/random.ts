/**
 * A small seeded PRNG (mulberry32) so every seed run produces the same data, ids included:
 * tests and screenshots can rely on it, and Math.random is never used.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number
  /** A multiple of step in [min, max]. */
  step(min: number, max: number, step: number): number
  chance(probability: number): boolean
  pick<T>(items: ReadonlyArray<T>): T
  /** Up to n distinct items, in random order. */
  sample<T>(items: ReadonlyArray<T>, n: number): T[]
  /** An item chosen with the given relative weights. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T
  /** A version-4-shaped UUID drawn from this generator. */
  uuid(): string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: ReadonlyArray<T>): T => {
    if (items.length === 0) throw new RangeError("pick from an empty list")
    return items[Math.floor(next() * items.length)] as T
  }
  return {
    next,
    int,
    step: (min, max, step) => min + step * int(0, Math.floor((max - min) / step)),
    chance: (probability) => next() < probability,
    pick,
    sample<T>(items: ReadonlyArray<T>, n: number): T[] {
      const copy = [...items]
      // Partial Fisher-Yates: only the first n positions are shuffled.
      const count = Math.min(n, copy.length)
      for (let i = 0; i < count; i++) {
        const j = int(i, copy.length - 1)
        ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
      }
      return copy.slice(0, count)
    },
    weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
      const total = items.reduce((sum, [, w]) => sum + w, 0)
      let roll = next() * total
      for (const [item, w] of items) {
        roll -= w
        if (roll < 0) return item
      }
      return pick(items)[0]
    },
    uuid(): string {
      const hex = Array.from({ length: 16 }, (_, i) => {
        let byte = Math.floor(next() * 256)
        if (i === 6) byte = (byte & 0x0f) | 0x40
        if (i === 8) byte = (byte & 0x3f) | 0x80
        return byte.toString(16).padStart(2, "0")
      }).join("")
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    },
  }
}

export interface IdSource {
  /** A new id, of the kind `I` (schemas/ids.ts) the row it is minted for takes: the seed's one place a text becomes an id. */
  uuid<I extends string = string>(): I
}

/**
 * Deterministic UUIDs that sort in creation order: a 48-bit sequence number first (like the
 * timestamp of a UUIDv7), version 8 ("custom"), then PRNG bits. Rows created in order land at
 * the end of every index keyed by these ids, which halves the cost of bulk-inserting slots
 * (indexes on doctor_id) compared with random UUIDs.
 */
export function createSequentialIds(seed: number): IdSource {
  const random = createRandom(seed)
  let sequence = 0
  return {
    uuid<I extends string = string>(): I {
      sequence++
      const head = sequence.toString(16).padStart(12, "0")
      const tail = random.uuid()
      return `${head.slice(0, 8)}-${head.slice(8, 12)}-8${tail.slice(15, 18)}-${tail.slice(19)}` as I
    },
  }
}

/** ASCII, lower-case form of a name for e-mail addresses ("Aïcha N'Diaye" → "aicha-ndiaye"). */
export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
}
