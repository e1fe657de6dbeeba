import type { Context } from "hono"
import type * as Schema from "effect/Schema"
import { decodeWithFields } from "../../schemas/decode.ts"
import { ApiError, validationError } from "./errors.ts"

type AnySchema = Schema.Codec<unknown, unknown, never, never>

/** Reads and decodes the JSON body; unknown fields are stripped, bad ones answered with field errors. */
export async function readBody<S extends AnySchema>(c: Context, schema: S): Promise<S["Type"]> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new ApiError("INVALID_PAYLOAD", "The body must be JSON")
  }
  return decodeOrThrow(schema, raw)
}

/** Decodes the query string (single values) with a schema. */
export function readQuery<S extends AnySchema>(c: Context, schema: S): S["Type"] {
  return decodeOrThrow(schema, c.req.query(), "INVALID_PARAMETER")
}

/** Decodes one path parameter with a schema. */
export function readParam<S extends AnySchema>(c: Context, name: string, schema: S): S["Type"] {
  const result = decodeWithFields(schema, c.req.param(name))
  if (!result.ok) throw new ApiError("INVALID_PARAMETER", `Invalid ${name}`, [{ name, message: result.fields[0]?.message ?? "validation.invalid" }])
  return result.value
}

export function decodeOrThrow<S extends AnySchema>(schema: S, raw: unknown, code: "VALIDATION_ERROR" | "INVALID_PARAMETER" = "VALIDATION_ERROR"): S["Type"] {
  const result = decodeWithFields(schema, raw)
  if (result.ok) return result.value
  if (code === "INVALID_PARAMETER") throw new ApiError(code, "Invalid query parameters", result.fields)
  throw validationError(result.fields)
}
