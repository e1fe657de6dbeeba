import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { isSearchable, searchBoxMachine } from "./searchBox.machine.ts"
import { searchBoxEnabled, searchBoxOracle } from "./searchBox.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const EVENTS = [
  { type: "search.type", value: "c" },
  { type: "search.type", value: "cardio " },
  { type: "search.type", value: "" },
  { type: "search.submit" },
  { type: "search.clear" },
  { type: "search.sync", keyword: "ndiaye" },
  { type: "xstate.after.debounce.searchBox.debouncing" },
] as const

const coverage = trackCoverage("searchBox", searchBoxMachine)

function start(keyword: string) {
  const sut = { commits: [] as string[], known: keyword.trim() }
  const actor = createActor(
    searchBoxMachine.provide({
      actions: {
        commit: (_, { keyword: committed }) => {
          sut.commits.push(committed)
          sut.known = committed
        },
      },
    }),
    { input: { keyword }, inspect: coverage.inspect },
  ).start()
  return { ...sut, actor, sut }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("search box machine (model-based)", () => {
  for (const keyword of ["", "pédiatre"]) {
    describe(`starting with "${keyword}" in the address`, () => {
      const model = createFlowModel(searchBoxMachine, {
        input: { keyword },
        events: EVENTS as never,
        serializeState: (s) => JSON.stringify([s.value, s.context.draft, s.context.committed]),
      })
      for (const { name, test } of modelPaths(model)) {
        it(name, async () => {
          const { actor, sut } = start(keyword)
          coverage.pathRan()
          await test(
            judgedBy(
              searchBoxOracle(keyword),
              () => ({
                // What SearchBox renders: the input's value and the minimum-characters message.
                text: actor.getSnapshot().context.draft,
                tooShort: actor.getSnapshot().matches("tooShort"),
                timers: vi.getTimerCount(),
                address: sut.known,
                written: sut.commits,
                enabled: searchBoxEnabled(actor.getSnapshot()),
              }),
              {
                events: {
                  "search.type": ({ event }) => actor.send(event as never),
                  "search.submit": () => actor.send({ type: "search.submit" }),
                  "search.clear": () => actor.send({ type: "search.clear" }),
                  "search.sync": ({ event }) => {
                    actor.send(event as never)
                    sut.known = "ndiaye"
                  },
                  "xstate.after.debounce.searchBox.debouncing": async () => {
                    // Nothing is searched before the full 500 ms pause.
                    const before = sut.commits.length
                    await vi.advanceTimersByTimeAsync(499)
                    expect(sut.commits).toHaveLength(before)
                    await vi.advanceTimersByTimeAsync(1)
                  },
                },
              },
            ),
          )
        })
      }
    })
  }

  it("sends a text that is empty or at least 2 characters once trimmed (SPEC §5)", () => {
    expect(["", "   ", "ab", " ab ", "cardio"].map(isSearchable)).toEqual([true, true, true, true, true])
    expect(["a", " a ", "é"].map(isSearchable)).toEqual([false, false, false])
  })

  it("restarts the wait on every keystroke and sends only the last text", async () => {
    const { actor, sut } = start("")
    for (const value of ["c", "ca", "car", "card"]) {
      actor.send({ type: "search.type", value })
      await vi.advanceTimersByTimeAsync(300)
    }
    expect(sut.commits).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    expect(sut.commits).toEqual(["card"])
  })

  // A keyword hand-typed in the address with spaces is the search of its words: typing those words
  // again is no new search (SPEC §4: a keyword change resets the results to page 1).
  it("takes an address keyword with outer spaces for its words, at start and when the address changes", async () => {
    const { actor, sut } = start(" cardio ")
    actor.send({ type: "search.type", value: "cardio" })
    await vi.advanceTimersByTimeAsync(500)
    actor.send({ type: "search.sync", keyword: "  ndiaye " })
    actor.send({ type: "search.type", value: "ndiaye" })
    await vi.advanceTimersByTimeAsync(500)
    expect(sut.commits).toEqual([])
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
