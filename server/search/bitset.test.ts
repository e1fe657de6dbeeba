import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Bitset } from "./bitset.ts"

const setOf = (members: ReadonlyArray<number>) => {
  const set = new Bitset()
  for (const n of members) set.add(n)
  return set
}
const membersOf = (set: Bitset) => {
  const members: number[] = []
  set.forEach((n) => members.push(n))
  return members
}
const sorted = (members: Iterable<number>) => [...new Set(members)].sort((a, b) => a - b)
const slots = fc.array(fc.nat(300), { maxLength: 80 })

describe("Bitset", () => {
  it("holds the numbers added and not deleted, the 31st bit of a word and past the last word included", () => {
    const set = setOf([0, 31, 32, 63, 64, 1000])
    set.delete(32)
    set.delete(5000)
    expect(membersOf(set)).toEqual([0, 31, 63, 64, 1000])
    expect(set.size).toBe(5)
    expect([31, 63, 1000].map((n) => set.has(n))).toEqual([true, true, true])
    expect([1, 32, 999, 5000].map((n) => set.has(n))).toEqual([false, false, false, false])
  })

  it("intersects as sets do, with one set or with the members of any of several, whatever the lengths", () => {
    fc.assert(
      fc.property(slots, slots, slots, (a, b, c) => {
        const inB = new Set(b)
        const inBorC = new Set([...b, ...c])
        expect(membersOf(setOf(a).intersect(setOf(b)))).toEqual(sorted(a.filter((n) => inB.has(n))))
        expect(membersOf(setOf(a).intersect(undefined))).toEqual([])
        const ofAny = setOf(a).intersectAny([setOf(b), undefined, setOf(c)])
        expect(membersOf(ofAny)).toEqual(sorted(a.filter((n) => inBorC.has(n))))
        expect(ofAny.size).toBe(sorted(a.filter((n) => inBorC.has(n))).length)
        expect(membersOf(setOf(a).intersectAny([undefined]))).toEqual([])
      }),
    )
  })

  it("takes another set's members in place of its own, longer or shorter, and clears", () => {
    fc.assert(
      fc.property(slots, slots, (a, b) => {
        const reused = setOf(a)
        expect(membersOf(reused.assign(setOf(b)))).toEqual(sorted(b))
        expect(membersOf(reused.clear())).toEqual([])
      }),
    )
  })

  it("copies: a change to the copy leaves the original as it was", () => {
    const original = setOf([1, 2, 3])
    const copy = original.copy()
    copy.delete(2)
    copy.add(40)
    expect(membersOf(original)).toEqual([1, 2, 3])
    expect(membersOf(copy)).toEqual([1, 3, 40])
  })
})
