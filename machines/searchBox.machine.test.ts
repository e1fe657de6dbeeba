import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { isSearchable, searchBoxMachine } from "./searchBox.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

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
          await test({
            states: {
              "*": (expected) => {
                const actual = actor.getSnapshot()
                expect(actual.value).toEqual(expected.value)
                expect(actual.context).toEqual(expected.context)
                // Whatever the page searches for was either committed by the box or came from the address.
                expect(actual.context.committed).toBe(sut.known)
              },
              idle: () => {
                const { draft, committed } = actor.getSnapshot().context
                if (isSearchable(draft)) expect(draft.trim()).toBe(committed)
              },
              tooShort: () => {
                expect(actor.getSnapshot().context.draft.trim()).toHaveLength(1)
                expect(sut.commits).not.toContain("c")
              },
              // While typing, exactly one timer waits for the pause (each keystroke restarts it).
              debouncing: () => expect(vi.getTimerCount()).toBe(1),
            },
            events: {
              "search.type": ({ event }) => actor.send(event as never),
              "search.submit": () => actor.send({ type: "search.submit" }),
              "search.clear": () => actor.send({ type: "search.clear" }),
              "search.sync": ({ event }) => {
                actor.send(event as never)
                sut.known = "ndiaye"
              },
              "xstate.after.debounce.searchBox.debouncing": async () => {
                await vi.advanceTimersByTimeAsync(500)
              },
            },
          })
        })
      }
    })
  }

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

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
