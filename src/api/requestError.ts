import type { ErrorCode } from "../../schemas/errorCodes.ts"
import type { ApiErrorBody, FieldError } from "../../schemas/errors.ts"

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
