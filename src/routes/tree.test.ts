import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import { describe, expect, it, vi } from "vitest"
import type { RouterContext } from "./context.ts"

// The texts' loader is a Vite virtual module; matching addresses needs none of it.
vi.mock("../i18n/i18n.ts", () => ({ ensureTexts: async () => undefined }))
const { routeTree } = await import("./tree.ts")

// Matching reads no context: nothing here loads a route or runs a guard.
const context: RouterContext = { queryClient: undefined!, session: undefined! }
const router = createRouter({ routeTree, context, history: createMemoryHistory({ initialEntries: ["/"] }) })
const leafOf = (pathname: string) => {
  const [, params, found] = router.getMatchedRoutes(pathname)
  return params["**"] === undefined ? found?.fullPath : undefined
}

const ID = "3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b"

describe("the route table", () => {
  // SPEC §2's addresses, as users and the browser tests type them: each reaches its own screen.
  it.each([
    ["/", "/"],
    ["/doctors", "/doctors"],
    ["/doctors/search", "/doctors/search"],
    [`/doctors/${ID}`, "/doctors/$doctorId"],
    ["/services/online-chat", "/services/online-chat"],
    ["/facilities", "/facilities"],
    ["/profile/settings", "/profile/settings"],
    [`/appointments/${ID}/reschedule`, "/appointments/$appointmentId/reschedule"],
    ["/change-password", "/change-password"],
    ["/doctor/appointments/new", "/doctor/appointments/new"],
    [`/doctor/appointments/${ID}`, "/doctor/appointments/$appointmentId"],
    [`/doctor/${ID}/patients/${ID}`, "/doctor/$doctorId/patients/$patientId"],
    [`/doctor/patients/${ID}/history`, "/doctor/patients/$patientId/history"],
    ["/doctor/prescriptions", "/doctor/prescriptions"],
    ["/doctor/payments", "/doctor/payments"],
    ["/manager/dashboard", "/manager/dashboard"],
    ["/admin", "/admin"],
  ])("%s opens %s", (pathname, route) => {
    expect(leafOf(pathname)).toBe(route)
  })

  it("leaves /doctor and /manager to an index route that answers not found, not to an empty layout", () => {
    expect(router.getMatchedRoutes("/doctor")[2]?.id).toBe("/doctor/")
    expect(router.getMatchedRoutes("/manager")[2]?.id).toBe("/manager/")
  })

  it("names no route twice over (the old /doctor/doctor/appointments)", () => {
    const ids = Object.keys(router.routesById)
    expect(ids).toContain("/doctor/appointments")
    expect(ids).toContain("/_patient/appointments")
    expect(ids.filter((id) => /\/(\w+)\/\1(\/|$)/.test(id))).toEqual([])
  })
})
