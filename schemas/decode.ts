import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import type { FieldError } from "./errors.ts"

export type DecodeResult<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly fields: ReadonlyArray<FieldError> }

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * Decodes unknown input and, on failure, lists one error per field (the first rule it broke),
 * named by its dotted path. Unknown keys are stripped. Shared by forms and the gateway.
 */
export function decodeWithFields<S extends Schema.Codec<unknown, unknown, never, never>>(schema: S, input: unknown): DecodeResult<S["Type"]> {
  const result = Schema.decodeUnknownResult(schema, { errors: "all", onExcessProperty: "ignore" })(input)
  if (result._tag === "Success") return { ok: true, value: result.success }
  const error = result.failure
  const seen = new Set<string>()
  const fields: FieldError[] = []
  for (const issue of formatter(error.issue).issues) {
    const name = (issue.path ?? []).map((p) => (typeof p === "object" && p !== null ? String(p.key) : String(p))).join(".")
    if (seen.has(name)) continue
    seen.add(name)
    fields.push({ name, message: toMessageKey(issue.message) })
  }
  return { ok: false, fields }
}

function toMessageKey(message: string): string {
  if (message.startsWith("validation.")) return message
  return message === "Missing key" ? "validation.required" : "validation.invalid"
}
