import type * as Schema from "effect/Schema"
import type { Role } from "./enums.ts"
import type { ErrorCode } from "./errors.ts"

/**
 * One contract per gateway call under /api/v1: method, path, path parameters, query, body,
 * answer, success status, the error codes it can answer and who may call it, declared once here
 * (schemas/contracts/*.ts) and used by the client (`callApi`, src/api/client.ts), the gateway
 * (`route`, server/http/contract.ts) and the access matrix (tests/security/accessRows.ts).
 *
 * Why a small table of our own and not Effect's HttpApi: the gateway is Hono and the client is
 * ofetch with React Query. HttpApi would bring its own server and client runtime, and Effect
 * services, into every call; a plain typed table keeps both sides as they are and only joins them
 * by type. "Find references" on a contract lands on its client function and its gateway handler.
 */

/** A schema with no services to run, as the gateway and the client decode with. */
export type AnySchema = Schema.Codec<unknown, unknown, never, never>

/** A schema of one path parameter: a string checked (an id, a date), never transformed. */
export type ParamSchema = Schema.Codec<string, string, never, never>

export type Method = "GET" | "POST" | "PUT" | "DELETE"

/** What a success's body is: JSON, an iCalendar file (RFC 5545), a CSV file (RFC 4180), or plain text (a USSD page). */
export type ContentType = "application/json" | "text/calendar; charset=utf-8" | "text/csv; charset=utf-8" | "text/plain; charset=utf-8"

/** Who may call: anyone (visitors included), anyone signed in, or the listed roles. */
export type Access = "public" | "signedIn" | ReadonlyArray<Role>

/** The names of the `:name` parameters of a Hono-style path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** A schema per path parameter, exactly the parameters the path names (none: undefined). */
export type ParamFields<P extends string> = [ParamNames<P>] extends [never] ? undefined : { readonly [K in ParamNames<P>]: ParamSchema }

/** A path with parameters must give their schemas; one without gives none. */
type ParamsSpec<P extends string> = [ParamNames<P>] extends [never] ? { readonly params?: undefined } : { readonly params: ParamFields<P> }

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends Readonly<Record<string, ParamSchema>> | undefined = Readonly<Record<string, ParamSchema>> | undefined,
  Query extends AnySchema | undefined = AnySchema | undefined,
  Body extends AnySchema | undefined = AnySchema | undefined,
  Response extends AnySchema = AnySchema,
  A extends Access = Access,
> {
  readonly method: M
  /** Under /api/v1, Hono style: `/appointments/:id`. */
  readonly path: P
  /** One schema per path parameter, in path order. */
  readonly params: Params
  readonly query: Query
  readonly body: Body
  readonly response: Response
  /** The status of a success (a handler may answer another one through `reply`). */
  readonly status: 200 | 201
  /** The media type of a success: JSON, or text for a file (the calendar's); its response schema is then a string's. */
  readonly contentType: ContentType
  readonly access: A
  /** The codes the handler itself answers with; `errorsOf` adds those its access and inputs imply. */
  readonly errors: ReadonlyArray<ErrorCode>
}

/** Any contract, whatever its types. */
export type AnyEndpoint = Endpoint<
  Method,
  string,
  Readonly<Record<string, ParamSchema>> | undefined,
  AnySchema | undefined,
  AnySchema | undefined,
  AnySchema,
  Access
>

/** A bearer that is missing, malformed, unknown, revoked or expired (server/http/auth.ts, server/auth/sessions.ts). */
export const SIGN_IN_ERRORS = ["TOKEN_NOT_FOUND", "INVALID_TOKEN", "INVALID_SESSION", "SESSION_EXPIRED"] as const satisfies ReadonlyArray<ErrorCode>

/**
 * The appointment writes accept an `Idempotency-Key` header (schemas/idempotency.ts): a malformed key is
 * INVALID_PARAMETER, a key reused for another request INVALID_KEY (422), and DUPLICATE_ENTRY (409)
 * would say the first request with the key is still running (the gateway waits for it instead).
 */
export const IDEMPOTENCY_ERRORS = ["INVALID_PARAMETER", "INVALID_KEY", "DUPLICATE_ENTRY"] as const satisfies ReadonlyArray<ErrorCode>

/** What a booking's checks answer (POST /appointments, and POST /payments, which books the same request). */
export const BOOKING_ERRORS = [
  "FORBIDDEN_ACTION",
  "TIME_SLOT_NOT_FOUND",
  "TIME_SLOT_ALREADY_BOOKED",
  "PROVIDED_SERVICE_NOT_FOUND",
  "BUSINESS_ERROR",
  "APPOINTMENT_NOT_FOUND",
  ...IDEMPOTENCY_ERRORS,
] as const satisfies ReadonlyArray<ErrorCode>

interface EndpointSpec<M extends Method, P extends string, Query, Body, Response, A extends Access> {
  readonly method: M
  readonly path: P
  readonly query?: Query
  readonly body?: Body
  readonly response: Response
  readonly status?: 200 | 201
  readonly contentType?: ContentType
  readonly access: A
  /** The codes the handler itself answers with (not those of access, params, query and body). */
  readonly errors?: ReadonlyArray<ErrorCode>
}

/** Declares one call. */
export function endpoint<
  const M extends Method,
  const P extends string,
  const A extends Access,
  Response extends AnySchema,
  Query extends AnySchema | undefined = undefined,
  Body extends AnySchema | undefined = undefined,
  Params extends ParamFields<P> = ParamFields<P>,
>(spec: EndpointSpec<M, P, Query, Body, Response, A> & { readonly params?: Params } & ParamsSpec<P>): Endpoint<M, P, Params, Query, Body, Response, A> {
  return {
    method: spec.method,
    path: spec.path,
    // Absent parts are undefined, as their types say (ParamsSpec makes a path's parameters required).
    params: spec.params as Params,
    query: spec.query as Query,
    body: spec.body as Body,
    response: spec.response,
    status: spec.status ?? 200,
    contentType: spec.contentType ?? "application/json",
    access: spec.access,
    errors: spec.errors ?? [],
  }
}

/**
 * Every code a call can answer: its handler's own and those its access and inputs imply. Computed
 * where it is read (the gateway's tests), not in `endpoint`: the app's entry chunk declares the
 * session calls and has no use for the lists.
 */
export function errorsOf(contract: AnyEndpoint): ReadonlyArray<ErrorCode> {
  const implied: ErrorCode[] = []
  if (contract.access !== "public") implied.push(...SIGN_IN_ERRORS)
  if (Array.isArray(contract.access)) implied.push("ROLE_NOT_MATCH")
  if (contract.params || contract.query) implied.push("INVALID_PARAMETER")
  if (contract.body) implied.push("VALIDATION_ERROR", "INVALID_PAYLOAD")
  return [...new Set([...implied, ...contract.errors])]
}

/** The values of a contract's path parameters, as the client fills them and the gateway reads them: a branded id where the schema brands one. */
export type PathValues<C extends AnyEndpoint> =
  C["params"] extends Readonly<Record<string, ParamSchema>> ? { readonly [K in keyof C["params"]]: C["params"][K]["Type"] } : undefined

/** The path with each parameter filled in and URI-encoded: `/appointments/:id` → `/appointments/a%2Fb`. */
export function pathOf(contract: Pick<AnyEndpoint, "path">, values: Readonly<Record<string, string>> | undefined): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values?.[name]
    if (value === undefined) throw new Error(`${contract.path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
}

/** "METHOD /api/v1/pattern", as Hono's route list spells a contract's route. */
export const routeOf = (contract: Pick<AnyEndpoint, "method" | "path">, prefix = "/api/v1"): string => `${contract.method} ${prefix}${contract.path}`

/** Whether a role may call, by the contract's access alone (ownership is the handler's). */
export function accessAllows(access: Access, role: Role | null): boolean {
  if (access === "public") return true
  if (role === null) return false
  return access === "signedIn" || access.includes(role)
}
