import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { activeFilterCount, doctorSearchMachine, NO_FILTERS, type DoctorFilters } from "./doctorSearch.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

const inAddress: DoctorFilters = { specialties: ["CARDIOLOGY"], location: "Dakar", rating: null, language: null }

const EVENTS = [
  { type: "filters.open", current: inAddress },
  { type: "filters.close" },
  { type: "filters.toggleSpecialty", code: "CARDIOLOGY" },
  { type: "filters.toggleSpecialty", code: "PEDIATRICS" },
  { type: "filters.setLocation", location: "" },
  { type: "filters.setRating", rating: 4.5 },
  { type: "filters.setLanguage", language: "WO" },
  { type: "filters.apply" },
  { type: "filters.clear" },
] as const

const coverage = trackCoverage("doctorSearch", doctorSearchMachine)

describe("doctor search filter panel (model-based)", () => {
  const model = createFlowModel(doctorSearchMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify([s.value, s.context.draft]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const applied: DoctorFilters[] = []
      const actor = createActor(
        doctorSearchMachine.provide({ actions: { applyFilters: (_, { filters }) => applied.push(filters) } }),
        { inspect: coverage.inspect },
      ).start()
      let lastEvent = ""
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            const actual = actor.getSnapshot()
            expect(actual.value).toEqual(expected.value)
            expect(actual.context.draft).toEqual(expected.context.draft)
          },
          closed: () => {
            // Leaving the panel by Apply sends the draft, by Clear sends no filters, by closing sends nothing.
            const draft = actor.getSnapshot().context.draft
            if (lastEvent === "filters.apply") expect(applied.at(-1)).toEqual(draft)
            if (lastEvent === "filters.clear") expect(applied.at(-1)).toEqual(NO_FILTERS)
            if (lastEvent === "filters.close") expect(applied.length).toBe(0)
          },
          open: () => {
            // Opening starts from the address's filters; nothing is applied while choosing.
            if (lastEvent === "filters.open") expect(actor.getSnapshot().context.draft).toEqual(inAddress)
          },
        },
        events: Object.fromEntries(
          EVENTS.map((e) => [
            e.type,
            ({ event }: { event: { type: string } }) => {
              lastEvent = event.type
              actor.send(event as never)
            },
          ]),
        ),
      })
    })
  }

  it("counts each kind of filter once", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0)
    expect(activeFilterCount({ specialties: ["A", "B"], location: "Dakar", rating: 4, language: "FR" })).toBe(4)
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
