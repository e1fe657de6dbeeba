import { QueryClient } from "@tanstack/react-query"
import { describe, expect, it } from "vitest"
import { SAMPLE_DOCTORS } from "../features/public/doctors/sampleDoctors.ts"
import { ApiRequestError } from "../api/client.ts"
import { hydrateQueryCache, serializeQueryCache } from "./queryCache.ts"

const doctor = SAMPLE_DOCTORS[0]!
const detailKey = ["doctors", "detail", "d-1"] as const

/** What the page's data block gives the browser: the server's text, parsed as the browser parses it. */
const carry = (server: QueryClient) => JSON.parse(serializeQueryCache(server)) as unknown

describe("the queries a server-rendered page carries", () => {
  it("arrive decoded in the browser's query client, fresh, so nothing is asked again", () => {
    const server = new QueryClient()
    server.setQueryData(detailKey, { ...doctor, id: "d-1" })
    server.setQueryData(["doctors", "search", { page: 1, limit: 10, sort: "relevance" }], {
      source: "live",
      response: { data: [doctor], paginationSettings: { offset: 0, limit: 10, totalCount: 1 } },
    })
    const browser = new QueryClient()
    hydrateQueryCache(browser, carry(server))
    expect(browser.getQueryData(detailKey)).toEqual({ ...doctor, id: "d-1" })
    expect(browser.getQueryState(["doctors", "search", { page: 1, limit: 10, sort: "relevance" }])?.status).toBe("success")
    expect(browser.getQueryCache().find({ queryKey: detailKey })?.isStaleByTime(30_000)).toBe(false)
  })

  it("carry a failure as an ApiRequestError with its code and status", async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await server.prefetchQuery({
      queryKey: detailKey,
      queryFn: () => Promise.reject(new ApiRequestError("DOCTOR_NOT_FOUND", "No such doctor", 404)),
    })
    const browser = new QueryClient()
    hydrateQueryCache(browser, carry(server))
    const error = browser.getQueryState(detailKey)?.error
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ code: "DOCTOR_NOT_FOUND", status: 404, message: "No such doctor" })
  })

  it("leave out other queries and pending ones; an empty cache gives no block at all", () => {
    const server = new QueryClient()
    expect(serializeQueryCache(server)).toBe("")
    server.setQueryData(["session", "me"], { id: "u" })
    expect(serializeQueryCache(server)).toBe("")
  })

  it("drop data that does not decode with its schema (never cast), and ignore an unreadable block", () => {
    const browser = new QueryClient()
    hydrateQueryCache(browser, { queries: [{ queryKey: [...detailKey], data: { ...doctor, averageRate: "five" } }] })
    expect(browser.getQueryData(detailKey)).toBeUndefined()
    hydrateQueryCache(browser, { queries: [{ queryKey: ["session", "me"], data: { id: "u" } }] })
    expect(browser.getQueryData(["session", "me"])).toBeUndefined()
    hydrateQueryCache(browser, "not a block")
    expect(browser.getQueryCache().getAll()).toHaveLength(0)
  })

  it("is JSON that cannot close its script element", () => {
    const server = new QueryClient()
    server.setQueryData(detailKey, { ...doctor, id: "d-1", biography: "</script><script>alert(1)</script><!--" })
    const text = serializeQueryCache(server)
    expect(text).not.toContain("<")
    const browser = new QueryClient()
    hydrateQueryCache(browser, JSON.parse(text))
    expect(browser.getQueryData<typeof doctor>(detailKey)?.biography).toBe("</script><script>alert(1)</script><!--")
  })
})
