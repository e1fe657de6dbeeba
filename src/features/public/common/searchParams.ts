import { PAGE_SIZES } from "../../../../schemas/valueLists.ts"
import { fieldOf, intBetween, oneOf } from "../../../routes/search/checks.ts"

/**
 * Reading a page's address leniently: each parameter is checked with its schema and dropped when
 * it does not fit, so a hand-edited or outdated link opens the page with defaults instead of an
 * error. TanStack's parser turns `?page=2` into 2 and `?q=123` into 123: text accepts numbers.
 */
export { fieldOf, oneOf } from "../../../routes/search/checks.ts"

/** Free text of 1 to 100 characters (a number typed in the box arrives as a number). */
export function textOf(value: unknown, min = 1): string | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : ""
  return text.length >= min && text.length <= 100 ? text : undefined
}

/** `booking`: the step of a booking wizard the address keeps open (issue 11). */
export const bookingStepOf = fieldOf(oneOf([1, 2, 3]))

export const PageNumber = intBetween(1, 100_000)
export const PageSize = oneOf(PAGE_SIZES)

/** Keeps only what differs from the defaults, so addresses stay short and shareable. */
export function withoutDefaults<T extends Record<string, unknown>>(search: T, defaults: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(search).filter(([key, value]) => value !== undefined && value !== "" && value !== defaults[key])) as Partial<T>
}

/**
 * A page's validated address: every field it reads is present, undefined when refused, except
 * those at their default, which are left out. TanStack merges a route's search over the raw one its
 * parents pass down (the root has no check), so a refused field left out would let the raw
 * `?rating=abc` through to the query; a default one named undefined would make `?page=1` a
 * different address from the one asked for, which the router redirects (and the server's render
 * of it would be empty).
 */
export const searchOf = <T extends Record<string, unknown>>(search: T, defaults: Partial<T>): Partial<T> =>
  Object.fromEntries(Object.entries(search).filter(([key, value]) => value === undefined || (value !== "" && value !== defaults[key]))) as Partial<T>
