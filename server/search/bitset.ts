/** A set of small whole numbers (the listings' slots), one bit each: intersections cost a word per 32. */
export class Bitset {
  #words: Uint32Array

  constructor(words = new Uint32Array(0)) {
    this.#words = words
  }

  has(n: number): boolean {
    const word = n >>> 5
    return word < this.#words.length && (this.#words[word]! & (1 << (n & 31))) !== 0
  }

  add(n: number): void {
    const word = n >>> 5
    if (word >= this.#words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.#words.length * 2))
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

  /** Keeps only the members of `other` (none when `other` is absent). */
  intersect(other: Bitset | undefined): this {
    const theirs = other === undefined ? undefined : other.#words
    const words = this.#words
    for (let i = 0; i < words.length; i++) words[i]! &= theirs !== undefined && i < theirs.length ? theirs[i]! : 0
    return this
  }

  /** The members of any of `sets` (absent ones add nothing). */
  static union(sets: ReadonlyArray<Bitset | undefined>): Bitset {
    const length = Math.max(0, ...sets.map((set) => (set === undefined ? 0 : set.#words.length)))
    const words = new Uint32Array(length)
    for (const set of sets) if (set) for (let i = 0; i < set.#words.length; i++) words[i]! |= set.#words[i]!
    return new Bitset(words)
  }

  get size(): number {
    let count = 0
    for (let word of this.#words) {
      // Bits set in a 32-bit word, by halves, nibbles and bytes.
      word -= (word >>> 1) & 0x55555555
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333)
      count += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
    }
    return count
  }

  /** Every member, in increasing order. */
  *[Symbol.iterator](): IterableIterator<number> {
    const words = this.#words
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!
      while (word !== 0) {
        const low = word & -word
        yield i * 32 + (31 - Math.clz32(low))
        word ^= low
      }
    }
  }
}
