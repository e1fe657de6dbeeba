/** A set of small whole numbers (the listings' slots), one bit each: intersections cost a word per 32. */
export class Bitset {
  #words: Int32Array

  constructor(words = new Int32Array(0)) {
    this.#words = words
  }

  has(n: number): boolean {
    const word = n >>> 5
    return word < this.#words.length && (this.#words[word]! & (1 << (n & 31))) !== 0
  }

  add(n: number): void {
    const word = n >>> 5
    if (word >= this.#words.length) {
      const grown = new Int32Array(Math.max(word + 1, this.#words.length * 2))
      grown.set(this.#words)
      this.#words = grown
    }
    this.#words[word]! |= 1 << (n & 31)
  }

  delete(n: number): void {
    const word = n >>> 5
    if (word < this.#words.length) this.#words[word]! &= ~(1 << (n & 31))
  }

  copy(): Bitset {
    return new Bitset(this.#words.slice())
  }

  /** Makes this set hold exactly the members of `other`, in the words it has (a search's scratch set, reused). */
  assign(other: Bitset): this {
    if (this.#words.length < other.#words.length) this.#words = new Int32Array(other.#words.length)
    this.#words.fill(0)
    this.#words.set(other.#words)
    return this
  }

  clear(): this {
    this.#words.fill(0)
    return this
  }

  /** Keeps only the members of `other` (none when `other` is absent). */
  intersect(other: Bitset | undefined): this {
    const words = this.#words
    const theirs = other === undefined ? new Int32Array(0) : other.#words
    const common = Math.min(words.length, theirs.length)
    for (let i = 0; i < common; i++) words[i]! &= theirs[i]!
    words.fill(0, common)
    return this
  }

  /** Keeps only the members of any of `sets` (absent ones hold none). */
  intersectAny(sets: ReadonlyArray<Bitset | undefined>): this {
    const present = sets.filter((set): set is Bitset => set !== undefined)
    if (present.length <= 1) return this.intersect(present[0])
    const any = anyOf.clear()
    for (const set of present) {
      if (any.#words.length < set.#words.length) {
        const grown = new Int32Array(set.#words.length)
        grown.set(any.#words)
        any.#words = grown
      }
      const words = any.#words
      const theirs = set.#words
      for (let i = 0; i < theirs.length; i++) words[i]! |= theirs[i]!
    }
    return this.intersect(any)
  }

  get size(): number {
    const words = this.#words
    let count = 0
    for (let i = 0; i < words.length; i++) {
      // Bits set in a 32-bit word, by halves, nibbles and bytes.
      let word = words[i]!
      word -= (word >>> 1) & 0x55555555
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333)
      count += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
    }
    return count
  }

  /** Calls `visit` with every member, in increasing order (a callback: a generator cost ten times as much a member). */
  forEach(visit: (n: number) => void): void {
    const words = this.#words
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!
      while (word !== 0) {
        const low = word & -word
        visit(i * 32 + (31 - Math.clz32(low)))
        word ^= low
      }
    }
  }
}

/** intersectAny's scratch set of the members of any: searches run one at a time, and it is cleared first. */
const anyOf = new Bitset()
