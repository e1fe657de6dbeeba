import { dehydrate, hashKey, hydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query"
import * as Schema from "effect/Schema"
import { Doctor, DoctorSearchResponse } from "../../schemas/doctor.ts"
import { ApiErrorBody } from "../../schemas/errors.ts"
import { FacilitySearchResponse } from "../../schemas/facility.ts"
import { ApiRequestError } from "../api/client.ts"
import { escapeJsonForHtml } from "./pageData.ts"

/**
 * The queries a server-rendered page may carry, by the first two parts of their key, with the
 * schema of their data: the server encodes with it, the browser decodes with it, as it decodes
 * any answer of the gateway (src/api/client.ts). A query of another kind is not carried.
 */
const CODECS: Record<string, Schema.Codec<unknown, unknown, never, never>> = {
  "doctors/detail": Doctor,
  "doctors/search": Schema.Struct({ source: Schema.Literals(["live", "sample"]), response: DoctorSearchResponse }),
  "facilities/search": FacilitySearchResponse,
}

const codecOf = (queryKey: ReadonlyArray<unknown>) => CODECS[`${String(queryKey[0])}/${String(queryKey[1])}`]

/** A failed query as it travels: its error's body and HTTP status. */
const CarriedError = Schema.Struct({ ...ApiErrorBody.fields, status: Schema.NullOr(Schema.Number) })

const CarriedQuery = Schema.Struct({
  queryKey: Schema.Array(Schema.Unknown),
  data: Schema.optionalKey(Schema.Unknown),
  error: Schema.optionalKey(CarriedError),
})
const PageQueries = Schema.Struct({ queries: Schema.Array(CarriedQuery) })
type CarriedQuery = typeof CarriedQuery.Type

const isCarried = (query: Query) => codecOf(query.queryKey) !== undefined && (query.state.status === "success" || query.state.status === "error")

/** The server side: the settled queries of a render, encoded, as the text of the page's data block ("" when none). */
export function serializeQueryCache(queryClient: QueryClient): string {
  const { queries } = dehydrate(queryClient, { shouldDehydrateQuery: isCarried })
  const carried = queries.map(({ queryKey, state }): CarriedQuery => {
    if (state.status === "error") {
      const error = state.error instanceof ApiRequestError ? state.error : new ApiRequestError("UNHANDLED_ERROR", String(state.error), null)
      return { queryKey, error: { ...error.toBody(), status: error.status } }
    }
    return { queryKey, data: Schema.encodeUnknownSync(codecOf(queryKey)!)(state.data) }
  })
  return carried.length > 0 ? escapeJsonForHtml(JSON.stringify({ queries: carried })) : ""
}

/**
 * The browser side: puts a page's carried queries into the query client before the first render,
 * so the page hydrates with the data the server drew. Data that does not decode is dropped (the
 * page then asks the gateway itself), never cast.
 */
export function hydrateQueryCache(queryClient: QueryClient, pageData: unknown): void {
  const decoded = Schema.decodeUnknownExit(PageQueries)(pageData)
  if (decoded._tag === "Failure") return
  const now = Date.now()
  const queries: DehydratedState["queries"] = []
  for (const { queryKey, data, error } of decoded.value.queries) {
    const codec = codecOf(queryKey)
    if (!codec) continue
    const base = {
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      fetchStatus: "idle" as const,
    }
    if (error) {
      const failure = new ApiRequestError(error.code, error.message, error.status, error.fields ?? [])
      queries.push({
        queryKey,
        queryHash: hashKey(queryKey),
        dehydratedAt: now,
        state: {
          ...base,
          data: undefined,
          error: failure,
          errorUpdateCount: 1,
          errorUpdatedAt: now,
          fetchFailureCount: 1,
          fetchFailureReason: failure,
          status: "error",
        },
      })
      continue
    }
    const value = Schema.decodeUnknownExit(codec)(data)
    if (value._tag === "Failure") continue
    queries.push({
      queryKey,
      queryHash: hashKey(queryKey),
      dehydratedAt: now,
      state: { ...base, data: value.value, dataUpdateCount: 1, dataUpdatedAt: now, error: null, status: "success" },
    })
  }
  hydrate(queryClient, { mutations: [], queries })
}
