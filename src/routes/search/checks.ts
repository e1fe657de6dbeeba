/**
 * Checks of an address's values, for the routes' `params` and `validateSearch`. The router runs
 * them when it matches the first address, before any screen, so they are plain predicates rather
 * than effect/Schema: the schema library is 27 kB of gzip that a visitor of / would otherwise
 * download and run before the page answers a tap (issue 12). Each stands for the schema named
 * beside it, and checks.test.ts holds it to that schema value for value.
 */
export type Check<A> = (value: unknown) => value is A

/** The value a check lets through. */
export type Checked<C> = C extends Check<infer A> ? A : never

/** `Schema.String` */
export const isText: Check<string> = (value): value is string => typeof value === "string"

/** `Schema.Number` */
export const isNumber: Check<number> = (value): value is number => typeof value === "number"

/** `Schema.Union([a, b])` */
export const either =
  <A, B>(a: Check<A>, b: Check<B>): Check<A | B> =>
  (value): value is A | B =>
    a(value) || b(value)

/** `Schema.Literals(values)` */
export function oneOf<const T extends ReadonlyArray<string | number>>(values: T): Check<T[number]> {
  return (value): value is T[number] => values.some((literal) => literal === value)
}

/** `Schema.Int.check(Schema.isBetween({ minimum, maximum }))` */
export const intBetween =
  (minimum: number, maximum: number): Check<number> =>
  (value): value is number =>
    typeof value === "number" && Number.isInteger(value) && value >= minimum && value <= maximum

/** Effect's own, version and variant bits checked, with the nil and max UUIDs. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/

/** `Schema.String.check(Schema.isUUID())`: every id in an address is a database id (schemas/ids.ts `Id`). */
export const isUuid: Check<string> = (value): value is string => typeof value === "string" && UUID.test(value)

/** `uuid(SomeId)` of schemas/ids.ts: a UUID, taken for the branded id the address names. */
export const isIdOf = <I extends string>(): Check<I> => isUuid as Check<I>

/** One value checked: the value when it fits, else undefined. */
export const fieldOf =
  <A>(check: Check<A>) =>
  (value: unknown): A | undefined =>
    check(value) ? value : undefined
