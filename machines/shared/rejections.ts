import { isErrorCode, type ErrorCode } from "../../schemas/errorCodes.ts"
import type { FieldError } from "../../schemas/errors.ts"
import { outageOf, type FailureBody } from "../../src/api/requestError.ts"

/**
 * What an invoked actor's rejection says. XState hands it over as `unknown` (a promise may reject
 * with anything), so it is read here, once for every machine, each part checked and never cast.
 * Each part is read on its own so that one part that is not as SPEC §8 says (no message, a code
 * outside the list) does not lose the others: the gateway's ApiRequestError (src/api/client.ts)
 * and a plain error body read whole, an Error keeps its message, and what says nothing gets the
 * fallback. Plain checks rather than effect/Schema: the session machine reads rejections, and it
 * runs before the first screen, which must not wait for the schema library.
 */
function partOf(rejection: unknown, key: string): unknown {
  if (typeof rejection !== "object" || rejection === null) return undefined
  const part: unknown = Reflect.get(rejection, key)
  return part
}

const textPartOf = (rejection: unknown, key: string): string | undefined => {
  const part = partOf(rejection, key)
  return typeof part === "string" ? part : undefined
}

const isFieldError = (value: unknown): value is FieldError => typeof partOf(value, "name") === "string" && typeof partOf(value, "message") === "string"

/** The field errors of a rejection, each as { name, message } alone; undefined when any is not one. */
function fieldsOf(rejection: unknown): ReadonlyArray<FieldError> | undefined {
  const fields = partOf(rejection, "fields")
  if (!Array.isArray(fields) || !fields.every(isFieldError)) return undefined
  return fields.map(({ name, message }) => ({ name, message }))
}

/** What a rejection that carries no code (or no message) of its own is taken for. */
export interface RejectionFallback {
  readonly code: ErrorCode
  readonly message: string
}

export const UNHANDLED_REJECTION: RejectionFallback = { code: "UNHANDLED_ERROR", message: "Unexpected failure" }

/**
 * A rejection as the gateway's error body: its code, message and field errors, checked; for an
 * outage answer (503, issue 37) also its status and the wait it asked for, so that screens can say
 * so and the booking wizard can wait that long (src/api/requestError.ts decides both).
 */
export function errorBodyOf(rejection: unknown, fallback: RejectionFallback = UNHANDLED_REJECTION): FailureBody {
  const code = partOf(rejection, "code")
  const fields = fieldsOf(rejection)
  return {
    code: isErrorCode(code) ? code : fallback.code,
    message: textPartOf(rejection, "message") ?? fallback.message,
    ...(fields?.length ? { fields } : {}),
    ...outageOf(rejection),
  }
}

/** A storage SDK failure (an upload task that threw): its code and message, checked. The SDK's codes (storage/unauthorized, …) are its own, not SPEC §8's. */
export function storageFailureOf(rejection: unknown): { readonly code: string; readonly message: string } {
  return {
    code: textPartOf(rejection, "code") ?? "storage/unknown",
    message: textPartOf(rejection, "message") ?? "Upload failed",
  }
}
