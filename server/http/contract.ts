import type { Context, Hono } from "hono"
import type { AnyEndpoint, AnySchema, PathValues } from "../../schemas/contract.ts"
import { optionalCaller, requireCaller, requireRole } from "./auth.ts"
import type { AppEnv, Caller } from "./context.ts"
import type { JsonText } from "./jsonText.ts"
import { cachedJson, type Listed } from "./readCache.ts"
import { readBody, readParam, readQuery } from "./validate.ts"
import type { DoctorId } from "../../schemas/ids.ts"

type Decoded<S> = S extends AnySchema ? S["Type"] : undefined

/** What a handler is given: the caller as the contract's access resolved it, and the decoded inputs. */
export type Input<C extends AnyEndpoint> = {
  readonly c: Context<AppEnv>
  readonly params: PathValues<C>
  readonly query: Decoded<C["query"]>
} & (C["access"] extends "public"
  ? {
      /** Public calls resolve the caller only when they need it (a cached read never pays for a session look-up). */
      readonly optionalCaller: () => Promise<Caller | undefined>
    }
  : { readonly caller: Caller })

/** The body as JSON carries it. */
type Answer<C extends AnyEndpoint> = C["response"]["Encoded"]

const replyTag: unique symbol = Symbol("reply")

/** An answer other than `c.json(value, contract.status)`: another status, or a cached body. */
export interface Reply<T> {
  readonly [replyTag]: (c: Context<AppEnv>) => Response | Promise<Response>
  /** Only to tie the reply to the contract's answer type. */
  readonly value?: T
}

/** Answers however `answer` does (a kept answer replayed with its own status and headers). */
export const reply = <T>(answer: (c: Context<AppEnv>) => Response | Promise<Response>): Reply<T> => ({ [replyTag]: answer })

/** Answers `value` with a status of its own (a reaction replaced: 200, made: 201). */
export const withStatus = <T>(value: T, status: 200 | 201): Reply<T> => ({ [replyTag]: (c) => c.json(value, status) })

/**
 * Answers from the shared read cache (server/http/readCache.ts), loading on a miss (a value, or its
 * JSON already written); `about` is the doctor the read is about, or how to tell the doctors it shows.
 */
export const cached = <T>(key: string, load: () => Promise<T | JsonText<T>>, about?: DoctorId | Listed): Reply<T> => ({
  [replyTag]: (c) => cachedJson(c, key, load, about),
})

/** Answers JSON already written (not kept in the cache), as `c.json` would answer its value. */
export const jsonReply = <T>(json: JsonText<T>): Reply<T> => ({
  [replyTag]: (c) => c.body(json.text, 200, { "Content-Type": "application/json" }),
})

const isReply = (value: unknown): value is Reply<unknown> => typeof value === "object" && value !== null && replyTag in value

export interface Handlers<C extends AnyEndpoint, G> {
  /**
   * The access policy of what the path names (ownership), run once access and path are decoded,
   * before the query and body are read: a caller who may not touch the thing is told so whatever
   * they send. Its result reaches the handler as `granted`.
   */
  readonly policy?: (input: Omit<Input<C>, "query">) => Promise<G>
  readonly handle: (input: Input<C> & { readonly body: Decoded<C["body"]>; readonly granted: G }) => Promise<Answer<C> | Reply<Answer<C>>>
}

/** The caller as the contract's access asks: 401 with a session code without a valid token, ROLE_NOT_MATCH for another role. */
function callerOf(c: Context<AppEnv>, contract: AnyEndpoint): Promise<Caller> | null {
  if (contract.access === "public") return null
  if (contract.access === "signedIn") return requireCaller(c)
  return requireRole(c, ...contract.access)
}

function paramsOf(c: Context<AppEnv>, contract: AnyEndpoint): Record<string, string> | undefined {
  if (!contract.params) return undefined
  const values: Record<string, string> = {}
  for (const [name, schema] of Object.entries(contract.params)) values[name] = readParam(c, name, schema)
  return values
}

/**
 * The generic plumbing's one cast: every value was decoded just before with the contract's own
 * schemas, so it has the type Input<C> names; TypeScript cannot follow a conditional type through
 * a generic contract.
 */
const typed = <T>(value: object): T => value as T

/**
 * Registers the gateway's handler of a contract: access (requireRole / requireCaller, or the
 * optional caller of a public call), then path parameters (INVALID_PARAMETER), then the policy,
 * then the query (INVALID_PARAMETER) and the body (INVALID_PAYLOAD, VALIDATION_ERROR), then the handler, whose answer is
 * sent as JSON (or as text of the contract's content type) with the contract's status.
 */
export function route<C extends AnyEndpoint, G = undefined>(app: Hono<AppEnv>, contract: C, handlers: Handlers<C, G>): void {
  app.on(contract.method, contract.path, async (c) => {
    const caller = await callerOf(c, contract)
    const params = paramsOf(c, contract)
    const who = caller ? { caller } : { optionalCaller: () => optionalCaller(c) }
    const granted = handlers.policy ? await handlers.policy(typed<Omit<Input<C>, "query">>({ c, params, ...who })) : (undefined as G)
    const query: unknown = contract.query ? readQuery(c, contract.query) : undefined
    const body: unknown = contract.body ? await readBody(c, contract.body) : undefined
    const input = typed<Input<C>>({ c, params, query, ...who })
    const result = await handlers.handle({ ...input, body: body as Decoded<C["body"]>, granted })
    if (isReply(result)) return result[replyTag](c)
    // A file (the calendar's) is sent as the text its schema, a string's, says it is.
    if (contract.contentType !== "application/json") return c.body(result as string, contract.status, { "Content-Type": contract.contentType })
    return c.json(result, contract.status)
  })
}
