import fc from "fast-check"
import type * as Schema from "effect/Schema"
import { decodeWithFields } from "../../schemas/decode.ts"

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Body = Record<string, Json>

/** Fields a client has no business sending: the server decides these, never the caller. */
export const PRIVILEGED_EXTRAS: Body = {
  roleName: "ADMIN",
  role: "ADMIN",
  status: "CANCELED",
  id: "00000000-0000-4000-8000-000000000001",
  userId: "00000000-0000-4000-8000-000000000002",
  isFeatured: true,
  passwordHash: "x",
}

const HUGE = "x".repeat(300_000)
const hostileStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "Awa\u0000Diop",
  "\u0001\u001b[2J\u007f\u0085\u009b",
  "\ud800",
  "ligne\nsuivante",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "\u202eevil\u202c",
  "👩🏽‍⚕️🏥".repeat(40),
  "2026-13-45",
  "2026-02-30",
  "2026-11-31",
  "0000-01-01",
  "2026-02-28T24:00:00Z",
  "25:61",
  "not-a-uuid",
  "00000000-0000-0000-0000-00000000000Z",
  "../../etc/passwd",
  "a".repeat(5_000),
  HUGE,
)
const hostileNumbers = fc.oneof(
  fc.constantFrom(-1, -1e15, 1e15, Number.MAX_SAFE_INTEGER, 0.5, -0.000001, 1e308),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** A value of another JSON type than `value`, or a hostile one of the same type. */
function wrongValue(value: Json): fc.Arbitrary<Json> {
  const others: Array<fc.Arbitrary<Json>> = [fc.constant(null)]
  if (typeof value !== "string") others.push(hostileStrings, fc.string({ unit: "grapheme", maxLength: 30 }))
  if (typeof value !== "number") others.push(hostileNumbers)
  if (typeof value !== "boolean") others.push(fc.boolean())
  if (!Array.isArray(value)) others.push(fc.array(fc.integer(), { maxLength: 3 }))
  if (typeof value !== "object" || value === null || Array.isArray(value)) others.push(fc.constant({ nested: { deep: [1, "two"] } }))
  if (typeof value === "string") others.push(hostileStrings)
  if (typeof value === "number") others.push(hostileNumbers)
  if (Array.isArray(value)) others.push(fc.array(hostileStrings, { minLength: 1, maxLength: 3 }), fc.constant(Array.from({ length: 5_000 }, () => "x")))
  return fc.oneof(...others)
}

type Path = ReadonlyArray<string | number>

const isContainer = (node: Json | undefined): node is Body | Json[] => node !== null && typeof node === "object"

/** Every field of a body, nested ones included, and the items of arrays and the fields of objects inside them. */
function fieldPaths(node: Json, prefix: Path = []): Path[] {
  const entries: Array<[string | number, Json]> = Array.isArray(node) ? node.map((v, i) => [i, v]) : isContainer(node) ? Object.entries(node) : []
  return entries.flatMap(([key, value]) => {
    const path = [...prefix, key]
    return isContainer(value) ? [path, ...fieldPaths(value, path)] : [path]
  })
}

/** The value at `path`, or undefined once an earlier breakage replaced a parent with something else. */
const valueAt = (body: Json, path: Path): Json | undefined =>
  path.reduce<Json | undefined>((node, key) => {
    if (Array.isArray(node)) return typeof key === "number" ? node[key] : undefined
    return isContainer(node) && typeof key === "string" ? node[key] : undefined
  }, body)

/** A copy of `body` with the field at `path` replaced (or removed, an array item taken out, when `value` is undefined). */
function withField<T extends Json>(body: T, path: Path, value: Json | undefined): T {
  const [key, ...rest] = path as [string | number, ...Array<string | number>]
  if (Array.isArray(body)) {
    const copy = [...body]
    if (rest.length > 0) copy[key as number] = withField(body[key as number]!, rest, value)
    else if (value === undefined) copy.splice(key as number, 1)
    else copy[key as number] = value
    return copy as T
  }
  const copy: Body = { ...(body as Body) }
  if (rest.length > 0) copy[key as string] = withField((body as Body)[key as string]!, rest, value)
  else if (value === undefined) delete copy[key as string]
  else copy[key as string] = value
  return copy as T
}

/**
 * Bodies built from a valid one and then broken: a field (nested ones, array items and fields of
 * objects in arrays too) of the wrong type or hostile, a field missing, several at once, or not an
 * object at all; privileged extras ride along. Only bodies the route's own schema refuses are kept,
 * so every one must be answered 4xx. That filter makes the schema the judge of what is sent: what
 * a schema wrongly accepts is never tried here, which is why control characters and impossible
 * dates are enumerated field by field, whatever the schema says, in controlCharacters.test.ts and
 * impossibleDates.test.ts.
 */
export function brokenBodies(schema: Schema.Codec<unknown, unknown, never, never>, valid: Body): fc.Arbitrary<Json> {
  const paths = fieldPaths(valid)
  const path = fc.constantFrom(...paths)
  const oneWrong = path.chain((p) => wrongValue(valueAt(valid, p) ?? null).map((value) => withField(valid, p, value)))
  const oneMissing = path.map((p) => withField(valid, p, undefined))
  const severalWrong = fc
    .uniqueArray(path, { minLength: 2, maxLength: Math.min(4, Math.max(2, paths.length)), selector: (p) => p.join(".") })
    .chain((chosen) => fc.tuple(...chosen.map((p) => wrongValue(valueAt(valid, p) ?? null).map((v) => [p, v] as const))))
    .map((pairs) => pairs.reduce((body, [p, v]) => (p.length === 1 || isContainer(valueAt(body, p.slice(0, -1))) ? withField(body, p, v) : body), valid))
  const notAnObject: fc.Arbitrary<Json> = fc.oneof(
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }).map((v) => v as Json),
    hostileStrings,
    hostileNumbers,
    fc.boolean(),
  )
  const withExtras = (body: fc.Arbitrary<Body>) =>
    fc
      .tuple(body, fc.subarray(Object.keys(PRIVILEGED_EXTRAS)))
      .map(([b, extras]) => ({ ...b, ...Object.fromEntries(extras.map((k) => [k, PRIVILEGED_EXTRAS[k]!])) }))
  return fc
    .oneof(
      { arbitrary: withExtras(oneWrong), weight: 4 },
      { arbitrary: withExtras(oneMissing), weight: 2 },
      { arbitrary: severalWrong, weight: 2 },
      { arbitrary: notAnObject, weight: 1 },
    )
    .filter((body) => !decodeWithFields(schema, body).ok)
}

/** Query strings broken the same way: each parameter malformed, missing or hostile. */
export function brokenQueries(schema: Schema.Codec<unknown, unknown, never, never>, valid: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const keys = Object.keys(valid)
  const hostile = fc.oneof(hostileStrings, fc.string({ unit: "grapheme", maxLength: 20 }), hostileNumbers.map(String))
  return fc
    .oneof(
      fc.constantFrom(...keys).chain((key) => hostile.map((v) => ({ ...valid, [key]: v }))),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    )
    .filter((query) => !decodeWithFields(schema, query).ok)
}
