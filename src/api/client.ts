import { ofetch, FetchError } from "ofetch"
import * as Schema from "effect/Schema"
import { pathOf, type AnyEndpoint, type AnySchema, type PathValues } from "../../schemas/contract.ts"
import { IDEMPOTENCY_KEY_HEADER } from "../../schemas/idempotency.ts"
import { ApiErrorBody, isSessionErrorCode } from "../../schemas/errors.ts"
import { clientHooks } from "./clientHooks.ts"
import { ApiRequestError, parseRetryAfter } from "./requestError.ts"

export { ApiRequestError } from "./requestError.ts"
export { configureApiClient } from "./clientHooks.ts"

export const API_BASE = "/api/v1"
/** SPEC §7: every request gives up after 15 s. */
export const REQUEST_TIMEOUT_MS = 15_000

/** ofetch over the hooks' fetch, made once for each fetch it is given. */
const fetchers = new WeakMap<typeof globalThis.fetch, typeof ofetch>()
function fetcherOf(fetch: typeof globalThis.fetch | undefined): typeof ofetch {
  if (!fetch) return ofetch
  let fetcher = fetchers.get(fetch)
  if (!fetcher) fetchers.set(fetch, (fetcher = ofetch.create({}, { fetch })))
  return fetcher
}

const decodeErrorBody = Schema.decodeUnknownOption(ApiErrorBody)

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error
  if (error instanceof FetchError) {
    const status = error.response?.status ?? null
    if (status === null) {
      const timedOut = error.cause instanceof DOMException && (error.cause.name === "TimeoutError" || error.cause.name === "AbortError")
      return timedOut
        ? new ApiRequestError("TIMEOUT_ERROR", "The server took too long to answer", null)
        : new ApiRequestError("NETWORK_ERROR", "Cannot connect to the server", null)
    }
    // An outage answer (503, issue 37) says when to ask again; kept whatever its body.
    const retryAfter = parseRetryAfter(error.response?.headers.get("Retry-After"))
    const body = decodeErrorBody(error.data)
    if (body._tag === "Some") return new ApiRequestError(body.value.code, body.value.message, status, body.value.fields ?? [], retryAfter)
    return new ApiRequestError(status >= 500 ? "SERVER_ERROR" : "UNEXPECTED_ERROR", error.message, status, [], retryAfter)
  }
  return new ApiRequestError("UNHANDLED_ERROR", error instanceof Error ? error.message : "Unknown error", null)
}

type Encoded<S> = S extends AnySchema ? S["Encoded"] : never

/** What a call sends: the path's values, the query and the body its contract names, nothing else. */
export type CallInput<C extends AnyEndpoint> = (C["params"] extends undefined ? { readonly params?: undefined } : { readonly params: PathValues<C> }) &
  (C["query"] extends AnySchema ? { readonly query: Encoded<C["query"]> } : { readonly query?: undefined }) &
  (C["body"] extends AnySchema ? { readonly body: Encoded<C["body"]> } : { readonly body?: undefined }) & {
    /** Use this token instead of the session's (the session machine validates a new one). */
    readonly token?: string | null
    readonly signal?: AbortSignal
    /** Sent as `Idempotency-Key` (schemas/idempotency.ts): a retry with the same key never writes twice. */
    readonly idempotencyKey?: string
  }

/** The input may be left out when the contract asks for none. */
type CallArgs<C extends AnyEndpoint> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>]

/**
 * Calls the gateway as a contract of schemas/contracts/ declares it and decodes the answer with
 * its schema. Never casts: a body that does not match is an UNEXPECTED_ERROR. Session codes also
 * tell the session that it has ended.
 */
export function callApi<C extends AnyEndpoint>(contract: C, ...[input]: CallArgs<C>): Promise<C["response"]["Type"]> {
  return send(contract, contract.response, input)
}

/**
 * The same call, answered through a lighter schema that reads only part of the answer: for a
 * screen that must not load the contract's own schemas (the landing page's top doctors). Name the
 * contract by type only (`import type`), so its schemas stay out of the bundle; the method and path
 * are checked against it.
 */
export function callApiAs<C extends AnyEndpoint, S extends AnySchema>(
  route: Pick<C, "method" | "path">,
  schema: S,
  ...[input]: CallArgs<C>
): Promise<S["Type"]> {
  return send(route, schema, input)
}

interface SendInput {
  readonly params?: Readonly<Record<string, string>> | undefined
  readonly query?: unknown
  readonly body?: unknown
  readonly token?: string | null | undefined
  readonly signal?: AbortSignal | undefined
  readonly idempotencyKey?: string | undefined
}

async function send<S extends AnySchema>(
  route: Pick<AnyEndpoint, "method" | "path"> & Partial<Pick<AnyEndpoint, "contentType">>,
  schema: S,
  input: SendInput = {},
): Promise<S["Type"]> {
  const path = pathOf(route, input.params)
  const hooks = clientHooks()
  const token = input.token === undefined ? hooks.getToken() : input.token
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (input.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = input.idempotencyKey
  let raw: unknown
  try {
    raw = await fetcherOf(hooks.fetch)(path, {
      baseURL: API_BASE,
      method: route.method,
      // ofetch serialises plain objects and arrays as JSON; the contract typed what is sent.
      body: input.body as Record<string, unknown> | undefined,
      query: input.query as Record<string, string> | undefined,
      // A file (the calendar's) is read as text, which its contract's schema, a string's, decodes.
      responseType: route.contentType === undefined || route.contentType === "application/json" ? "json" : "text",
      headers,
      credentials: "include",
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      signal: input.signal,
    })
  } catch (error) {
    const apiError = toApiError(error)
    if (isSessionErrorCode(apiError.code) && input.token === undefined) hooks.onSessionError(apiError.code)
    throw apiError
  }
  const decoded = Schema.decodeUnknownExit(schema)(raw)
  if (decoded._tag === "Failure") {
    throw new ApiRequestError("UNEXPECTED_ERROR", `The answer of ${route.method} ${path} is not what was expected`, null)
  }
  return decoded.value
}

/** A bodiless call of the session (its bearer, its cookie) for a page that is going away: no answer is read. */
function unloadRequest<C extends AnyEndpoint>(contract: C, params: PathValues<C>): [url: string, init: RequestInit] {
  const token = clientHooks().getToken()
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}
  return [`${API_BASE}${pathOf(contract, params)}`, { method: contract.method, headers, credentials: "include" }]
}

/**
 * Sends a call that must outlive the page (a `pagehide`): `fetch` with `keepalive`, the session's
 * bearer, no answer read. For small bodiless calls such as releasing a slot hold (issue 14).
 */
export function callApiOnUnload<C extends AnyEndpoint>(contract: C, params: PathValues<C>): void {
  const [url, init] = unloadRequest(contract, params)
  void globalThis.fetch(url, { ...init, keepalive: true }).catch(() => {})
}

type FetchLater = (url: string, init: RequestInit) => unknown

/**
 * Arms a call for the end of the page: the browser itself sends it when the page is closed, reloaded
 * or left, even if the page's `pagehide` never runs (its renderer killed on a loaded phone):
 * `fetchLater`, Chromium 135+, secure pages only. Returns the function that disarms it, or null where
 * the browser cannot (no `fetchLater`, its quota spent), leaving `callApiOnUnload` at `pagehide` alone.
 */
export function armApiCallForUnload<C extends AnyEndpoint>(contract: C, params: PathValues<C>): (() => void) | null {
  const fetchLater = (globalThis as { fetchLater?: FetchLater }).fetchLater
  if (typeof fetchLater !== "function") return null
  const [url, init] = unloadRequest(contract, params)
  const armed = new AbortController()
  try {
    fetchLater(url, { ...init, signal: armed.signal })
  } catch {
    return null
  }
  return () => armed.abort()
}
