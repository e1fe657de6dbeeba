import { ofetch, FetchError } from "ofetch"
import * as Schema from "effect/Schema"
import { ApiErrorBody, isSessionErrorCode, type ErrorCode, type FieldError } from "../../schemas/errors.ts"

export const API_BASE = "/api/v1"
/** SPEC §7: every request gives up after 15 s. */
export const REQUEST_TIMEOUT_MS = 15_000

/** A failed call, always carrying a code of SPEC §8. */
export class ApiRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number | null,
    readonly fields: ReadonlyArray<FieldError> = [],
  ) {
    super(message)
    this.name = "ApiRequestError"
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, ...(this.fields.length ? { fields: this.fields } : {}) }
  }
}

interface ClientHooks {
  getToken: () => string | null
  onSessionError: (code: ErrorCode) => void
  /**
   * How requests travel; the browser's fetch by default. The server's page renderer passes one
   * that hands the request to the gateway in the same process (src/ssr/serverEntry.tsx).
   */
  fetch?: typeof globalThis.fetch
}

let hooks: ClientHooks = { getToken: () => null, onSessionError: () => {} }
let send = ofetch

/** Wires the client to the session: where the bearer token comes from, and who hears it died. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next
  send = next.fetch ? ofetch.create({}, { fetch: next.fetch }) : ofetch
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
    const body = decodeErrorBody(error.data)
    if (body._tag === "Some") return new ApiRequestError(body.value.code, body.value.message, status, body.value.fields ?? [])
    return new ApiRequestError(status >= 500 ? "SERVER_ERROR" : "UNEXPECTED_ERROR", error.message, status)
  }
  return new ApiRequestError("UNHANDLED_ERROR", error instanceof Error ? error.message : "Unknown error", null)
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH"
  body?: unknown
  query?: Record<string, string | number | undefined>
  /** Use this token instead of the session's (the session machine validates a new one). */
  token?: string | null
  signal?: AbortSignal
}

/**
 * Calls the gateway and decodes the answer with its schema. Never casts: a body that does not
 * match is an UNEXPECTED_ERROR. Session codes also tell the session that it has ended.
 */
export async function apiRequest<S extends Schema.Codec<unknown, unknown, never, never>>(
  schema: S,
  path: string,
  options: RequestOptions = {},
): Promise<S["Type"]> {
  const token = options.token === undefined ? hooks.getToken() : options.token
  let raw: unknown
  try {
    raw = await send(path, {
      baseURL: API_BASE,
      method: options.method ?? "GET",
      body: options.body as Record<string, unknown> | undefined,
      query: options.query,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "include",
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      signal: options.signal,
    })
  } catch (error) {
    const apiError = toApiError(error)
    if (isSessionErrorCode(apiError.code) && options.token === undefined) hooks.onSessionError(apiError.code)
    throw apiError
  }
  const decoded = Schema.decodeUnknownExit(schema)(raw)
  if (decoded._tag === "Failure") {
    throw new ApiRequestError("UNEXPECTED_ERROR", `The answer of ${path} is not what was expected`, null)
  }
  return decoded.value
}
