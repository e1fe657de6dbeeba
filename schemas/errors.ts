import * as Schema from "effect/Schema"
import { ERROR_CODES } from "./errorCodes.ts"

export { APP_ERROR_CODES, ERROR_CODES, isSessionErrorCode, SESSION_ERROR_CODES, type ErrorCode, type SessionErrorCode } from "./errorCodes.ts"

export const ErrorCodeSchema = Schema.Literals(ERROR_CODES)

export const FieldError = Schema.Struct({ name: Schema.String, message: Schema.String })
export type FieldError = typeof FieldError.Type

/** The body of every error the gateway answers. */
export const ApiErrorBody = Schema.Struct({
  code: ErrorCodeSchema,
  message: Schema.String,
  fields: Schema.optionalKey(Schema.Array(FieldError)),
})
export type ApiErrorBody = typeof ApiErrorBody.Type
