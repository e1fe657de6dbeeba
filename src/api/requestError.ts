import type { ErrorCode } from "../../schemas/errorCodes.ts"
import type { ApiErrorBody, FieldError } from "../../schemas/errors.ts"

/**
 * The status of an outage answer (issue 37): SPEC §8's SERVER_ERROR with 503 says the gateway is
 * briefly unavailable (its database out of reach), not that it has a bug (500). What was sent is
 * not kept by the gateway, so the same request can be sent again (with its Idempotency-Key).
 */
export const UNAVAILABLE_STATUS = 503

/**
 * The longest wait a `Retry-After` is honoured for, in seconds: a gateway asking for more is still
 * asked again this soon (the user is waiting, and a restart or a failover takes about that long).
 */
export const MAX_RETRY_AFTER_S = 5

/**
 * A failed call as the app keeps it (machines' contexts, the error modal): the gateway's body,
 * and, for an outage answer only, its status and the wait it asked for (whole seconds, capped).
 */
export interface FailureBody extends ApiErrorBody {
  readonly status?: typeof UNAVAILABLE_STATUS
  readonly retryAfterSeconds?: number
}

/** A failed call, always carrying a code of SPEC §8. */
export class ApiRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number | null,
    readonly fields: ReadonlyArray<FieldError> = [],
    /** The gateway's `Retry-After` (whole seconds, at most MAX_RETRY_AFTER_S), or null when it gave none or garbage. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
    this.name = "ApiRequestError"
  }

  toBody(): FailureBody {
    return { code: this.code, message: this.message, ...(this.fields.length ? { fields: this.fields } : {}), ...outageOf(this) }
  }
}

const partOf = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (Reflect.get(value, key) as unknown) : undefined)

/**
 * Whether a failure is the gateway saying it is briefly unavailable (503 SERVER_ERROR, issue 37):
 * the one rule every screen and machine asks. Reads an ApiRequestError or a body kept of one.
 */
export function isBrieflyUnavailable(error: unknown): boolean {
  return partOf(error, "code") === "SERVER_ERROR" && partOf(error, "status") === UNAVAILABLE_STATUS
}

const cappedSeconds = (seconds: number): number => Math.min(seconds, MAX_RETRY_AFTER_S)

/**
 * A `Retry-After` header in whole seconds, capped at MAX_RETRY_AFTER_S; null when absent or not a
 * whole number of seconds (an HTTP date, a fraction, a sign, words): the caller's own wait then holds.
 */
export function parseRetryAfter(header: string | null | undefined): number | null {
  const text = header?.trim() ?? ""
  if (!/^\d{1,9}$/.test(text)) return null
  return cappedSeconds(Number(text))
}

/** The wait an outage answer asked for, in whole seconds (capped), or null: not an outage answer, or no usable wait given. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!isBrieflyUnavailable(error)) return null
  const seconds = partOf(error, "retryAfterSeconds")
  return typeof seconds === "number" && Number.isInteger(seconds) && seconds >= 0 ? cappedSeconds(seconds) : null
}

/** What a kept body says beyond the gateway's own: nothing, or for an outage answer its status and wait. */
export function outageOf(error: unknown): Pick<FailureBody, "status" | "retryAfterSeconds"> {
  if (!isBrieflyUnavailable(error)) return {}
  const seconds = retryAfterSecondsOf(error)
  return { status: UNAVAILABLE_STATUS, ...(seconds === null ? {} : { retryAfterSeconds: seconds }) }
}
