import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { activeFilterCount, doctorSearchMachine, NO_FILTERS, type DoctorFilters } from "./doctorSearch.machine.ts"
import { doctorSearchOracle } from "./doctorSearch.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

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
      const actor = createActor(doctorSearchMachine.provide({ actions: { applyFilters: (_, { filters }) => applied.push(filters) } }), {
        inspect: coverage.inspect,
      }).start()
      coverage.pathRan()
      await test(
        judgedBy(doctorSearchOracle, () => ({ actor, applied }), {
          events: Object.fromEntries(EVENTS.map((e) => [e.type, ({ event }: { event: { type: string } }) => actor.send(event as never)])),
        }),
      )
    })
  }

  it("counts each kind of filter once", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0)
    expect(activeFilterCount({ specialties: ["A", "B"], location: "Dakar", rating: 4, language: "FR" })).toBe(4)
    expect(activeFilterCount({ specialties: ["A"], location: "", rating: null, language: null })).toBe(1)
    expect(activeFilterCount({ specialties: [], location: "Thiès", rating: null, language: null })).toBe(1)
    expect(activeFilterCount({ specialties: [], location: "", rating: 3.5, language: null })).toBe(1)
    expect(activeFilterCount({ specialties: [], location: "", rating: null, language: "WO" })).toBe(1)
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
