import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ErrorCodeSchema, FieldError, type ApiErrorBody, type ErrorCode } from "../../schemas/errors.ts"

/**
 * What an invoked actor's rejection says. XState hands it over as `unknown` (a promise may reject
 * with anything), so it is decoded here, once for every machine, and never cast. Each part is
 * decoded on its own so that one part that is not as SPEC §8 says (no message, a code outside the
 * list) does not lose the others: the gateway's ApiRequestError (src/api/client.ts) and a plain
 * error body decode whole, an Error keeps its message, and what says nothing gets the fallback.
 */
const decodeCode = Schema.decodeUnknownOption(Schema.Struct({ code: ErrorCodeSchema }))
const decodeMessage = Schema.decodeUnknownOption(Schema.Struct({ message: Schema.String }))
const decodeFields = Schema.decodeUnknownOption(Schema.Struct({ fields: Schema.Array(FieldError) }))
/** The storage SDK's codes (storage/unauthorized, …) are its own, not SPEC §8's. */
const decodeStorageCode = /* @__PURE__ */ Schema.decodeUnknownOption(Schema.Struct({ code: Schema.String }))

/** What a rejection that carries no code (or no message) of its own is taken for. */
export interface RejectionFallback {
  readonly code: ErrorCode
  readonly message: string
}

export const UNHANDLED_REJECTION: RejectionFallback = { code: "UNHANDLED_ERROR", message: "Unexpected failure" }

/** A rejection as the gateway's error body: its code, message and field errors, decoded. */
export function errorBodyOf(rejection: unknown, fallback: RejectionFallback = UNHANDLED_REJECTION): ApiErrorBody {
  const fields = Option.getOrUndefined(decodeFields(rejection))?.fields
  return {
    code: Option.getOrUndefined(decodeCode(rejection))?.code ?? fallback.code,
    message: Option.getOrUndefined(decodeMessage(rejection))?.message ?? fallback.message,
    ...(fields?.length ? { fields } : {}),
  }
}

/** A storage SDK failure (an upload task that threw): its code and message, decoded. */
export function storageFailureOf(rejection: unknown): { readonly code: string; readonly message: string } {
  return {
    code: Option.getOrUndefined(decodeStorageCode(rejection))?.code ?? "storage/unknown",
    message: Option.getOrUndefined(decodeMessage(rejection))?.message ?? "Upload failed",
  }
}
