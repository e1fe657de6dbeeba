import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import { describe, expect, it, vi } from "vitest"
import { filtersOf } from "../../features/appointments-shared/appointmentFilters.ts"
import { patientFiltersOf } from "../../features/doctor/patients/patientSearch.ts"
import { facilitiesListOf } from "../../features/manager/managerSearch.ts"
import type { RouterContext } from "../context.ts"

// The texts' loader is a Vite virtual module; reading addresses needs none of it.
vi.mock("../../i18n/i18n.ts", () => ({ ensureTexts: async () => undefined }))
const { routeTree } = await import("../tree.ts")
const context: RouterContext = { queryClient: undefined!, session: undefined! }
const router = createRouter({ routeTree, context, history: createMemoryHistory({ initialEntries: ["/"] }) })

/** What the route's own `validateSearch` makes of a raw (already JSON-parsed) search; a refusal throws, as the router would show an error. */
function searchOf(path: string, raw: Record<string, unknown>): Record<string, unknown> {
  const validate: unknown = (router.routesByPath as Record<string, { options: { validateSearch?: unknown } }>)[path]?.options.validateSearch
  if (typeof validate === "function") return (validate as (raw: Record<string, unknown>) => Record<string, unknown>)(raw)
  const standard = (validate as { "~standard": { validate: (v: unknown) => { value?: unknown; issues?: unknown } } })["~standard"]
  const result = standard.validate(raw)
  if (result.issues) throw new Error(`${path} refuses ${JSON.stringify(raw)}`)
  return result.value as Record<string, unknown>
}

/** Values TanStack's parser yields from hand-edited addresses: ?x=true, ?x=123, ?x=abc, ?x={}, ?x=[1]. */
const ODD: ReadonlyArray<unknown> = [true, false, null, 123, "abc", {}, [], [1, "a"], { a: 1 }]

describe("role pages read their address leniently (odd values fall back to defaults)", () => {
  for (const path of ["/appointments", "/doctor/appointments"]) {
    describe(path, () => {
      const defaults = filtersOf({})
      it.each(["q", "status", "type", "date"])("an odd %s falls back to its default", (key) => {
        for (const value of ODD) {
          const filters = filtersOf(searchOf(path, { [key]: value }))
          // q keeps what a search box can write: a number typed in it is text; "abc" is text too.
          if (key === "q" && (typeof value === "number" || typeof value === "string")) expect(filters.q).toBe(String(value))
          else expect(filters, `${key}=${JSON.stringify(value)}`).toEqual(defaults)
        }
      })
      it("keeps the fields that fit beside one that does not", () => {
        const search = searchOf(path, { q: 42, status: 123, type: "ONLINE", date: { past: true } })
        expect(filtersOf(search)).toEqual({ q: "42", status: null, type: "ONLINE", date: null })
        expect(search).toMatchObject({ status: undefined, date: undefined })
      })
    })
  }

  describe("/doctor/$doctorId/patients", () => {
    it.each(["q", "status"])("an odd %s falls back to its default", (key) => {
      for (const value of ODD) {
        const filters = patientFiltersOf(searchOf("/doctor/$doctorId/patients", { [key]: value }))
        if (key === "q" && (typeof value === "number" || typeof value === "string")) expect(filters.q).toBe(String(value))
        else expect(filters, `${key}=${JSON.stringify(value)}`).toEqual({ q: "", status: null })
      }
    })
  })

  describe("/manager/dashboard", () => {
    it.each(["q", "page", "limit"])("an odd %s falls back to its default", (key) => {
      for (const value of ODD) {
        const list = facilitiesListOf(searchOf("/manager/dashboard", { [key]: value }))
        if (key === "q" && (typeof value === "number" || typeof value === "string")) expect(list.q).toBe(String(value))
        else if (key === "page" && value === 123)
          expect(list.page).toBe(123) // a page number after all
        else expect(list, `${key}=${JSON.stringify(value)}`).toEqual({ q: "", page: 1, limit: 10 })
      }
    })
    it("keeps a good page and limit", () => {
      expect(facilitiesListOf(searchOf("/manager/dashboard", { q: "Dakar", page: 3, limit: 25 }))).toEqual({
        q: "Dakar",
        page: 3,
        limit: 25,
      })
    })
  })

  describe("/doctor/appointments/new", () => {
    const ID = "3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b"
    it("keeps a patient id", () => {
      expect(searchOf("/doctor/appointments/new", { patientId: ID }).patientId).toBe(ID)
    })
    it("drops an odd patient id: the page opens without a patient chosen", () => {
      for (const value of ODD) expect(searchOf("/doctor/appointments/new", { patientId: value }).patientId, JSON.stringify(value)).toBeUndefined()
    })
  })
})
