import { format } from "node:util"

// Hostile values chosen from the issue and SPEC, never from the schemas under test: a suite whose
// inputs are picked by the code it judges cannot find that code's gaps. Pure module (no server
// imports), shared by the gateway suites and the schemas' unit test.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Path = ReadonlyArray<string | number>

/** A field as the gateway and decodeWithFields name it: `locations.0.address`. */
export const pathName = (path: Path): string => path.join(".")

/** The same with array indices as `*`, to say which fields are free text: `locations.*.address`. */
export const pathPattern = (path: Path): string => path.map((p) => (typeof p === "number" ? "*" : p)).join(".")

export interface Leaf {
  readonly path: Path
  readonly value: string
}

/** Every string in a body, inside nested objects, arrays and objects inside arrays. */
export function stringLeaves(node: Json, prefix: Path = []): Leaf[] {
  if (typeof node === "string") return [{ path: prefix, value: node }]
  if (Array.isArray(node)) return node.flatMap((item, i) => stringLeaves(item, [...prefix, i]))
  if (node !== null && typeof node === "object") return Object.entries(node).flatMap(([key, value]) => stringLeaves(value, [...prefix, key]))
  return []
}

/** A copy of `node` with the value at `path` replaced; every other value is shared. */
export function withLeaf(node: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value
  const [key, ...rest] = path as [string | number, ...Array<string | number>]
  if (Array.isArray(node)) {
    const copy = [...node]
    copy[key as number] = withLeaf(node[key as number] ?? null, rest, value)
    return copy
  }
  const object = (node ?? {}) as { [key: string]: Json }
  return { ...object, [key]: withLeaf(object[key as string] ?? null, rest, value) }
}

export interface Variant {
  /** Readable in a failure message: the character and where it went. */
  readonly label: string
  readonly value: string
}

const middle = (value: string) => Math.max(1, Math.floor(value.length / 2))
const insertAt = (value: string, at: number, inserted: string) => value.slice(0, at) + inserted + value.slice(at)

/**
 * The string with control characters: NUL at the start, middle and end; U+0001, ESC, DEL, NEL
 * (U+0085), CSI (U+009B), lone surrogates and a terminal escape sequence in the middle; for a
 * single-line field, a line feed, a carriage return and a tab in the middle as well.
 */
export function controlVariants(value: string, multiline: boolean): Variant[] {
  const at = middle(value)
  const inside = (label: string, character: string): Variant => ({ label, value: insertAt(value, at, character) })
  const variants: Variant[] = [
    { label: "NUL at start", value: `\u0000${value}` },
    inside("NUL in the middle", "\u0000"),
    { label: "NUL at end", value: `${value}\u0000` },
    inside("U+0001", "\u0001"),
    inside("ESC U+001B", "\u001b"),
    inside("DEL U+007F", "\u007f"),
    inside("NEL U+0085", "\u0085"),
    inside("CSI U+009B", "\u009b"),
    inside("lone high surrogate U+D800", "\ud800"),
    { label: "lone low surrogate U+DC00 at end", value: `${value}\udc00` },
    inside("terminal escape sequence", "\u001b[2J\u001b[31m"),
  ]
  if (!multiline) variants.push(inside("line feed", "\n"), inside("carriage return", "\r"), inside("tab", "\t"))
  return variants
}

/** Line breaks a multi-line text must keep accepting (a textarea sends LF, a form post CRLF). */
export function lineBreakVariants(value: string): Variant[] {
  const at = middle(value)
  return [
    { label: "line feed", value: insertAt(value, at, "\n") },
    { label: "CRLF", value: insertAt(value, at, "\r\n") },
    { label: "two paragraphs", value: `${value}\n\n${value}`.slice(0, Math.max(value.length, 40)) },
  ]
}

/**
 * Not calendar dates, or not in the API's yyyy-MM-dd form (SPEC §7: "API dates are yyyy-MM-dd").
 * The issue's own (2026-02-30, 2026-11-31, 0000-01-01, 2000-02-30) and their neighbours.
 */
export const IMPOSSIBLE_DATES: ReadonlyArray<string> = [
  "2026-02-30",
  "2026-02-29",
  "2025-02-29",
  "2026-11-31",
  "2026-04-31",
  "2026-06-31",
  "2026-09-31",
  "2000-02-30",
  "1900-02-29",
  "2100-02-29",
  "2026-02-00",
  "2026-01-32",
  "0000-01-01",
  "0000-00-00",
  "2026-13-01",
  "2026-00-10",
  "2026-2-3",
  "2026-02-3",
  " 2026-02-03",
  "2026-02-03 ",
  "2026-02-03\u0000",
  "2026/02/03",
  "03/02/2026",
  "20260203",
  "+002026-02-03",
  "-002026-02-03",
  "+275760-09-14",
  "2026-02-03T00:00:00Z",
  "٢٠٢٦-٠٢-٠٣",
  "2026-W06-2",
  "",
]

/** Not instants in the API's form (UTC, second precision: SPEC §7), or not on the calendar. */
export const IMPOSSIBLE_INSTANTS: ReadonlyArray<string> = [
  "2026-02-30T09:00:00Z",
  "2026-02-29T09:00:00Z",
  "2026-11-31T09:00:00Z",
  "2026-04-31T09:00:00Z",
  "2026-02-28T24:00:00Z",
  "2026-02-28T23:60:00Z",
  "2026-02-28T23:59:60Z",
  "2026-02-28T25:00:00Z",
  "2026-13-01T09:00:00Z",
  "2026-00-10T09:00:00Z",
  "0000-01-01T09:00:00Z",
  "2026-2-3T09:00:00Z",
  "2026-02-28T9:00:00Z",
  " 2026-02-28T09:00:00Z",
  "2026-02-28T09:00:00Z\u0000",
  "+275760-09-14T00:00:00Z",
  "2026-02-28",
  "",
]

/** Real dates far from now: a read may answer them or refuse them, but never with a 5xx. */
export const FAR_DATES: ReadonlyArray<string> = ["9999-12-31", "1000-01-01", "1899-12-31", "2101-01-01"]

/** Real calendar dates on the edges: leap days, the year's last day. */
export const EDGE_DATES: ReadonlyArray<string> = ["2024-02-29", "2026-12-31", "2028-02-29"]

export const isDateShaped = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)
export const isInstantShaped = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)

/** Everything the console printed while it was captured, one entry per call. */
export interface ConsoleCapture {
  readonly lines: string[]
  restore(): void
}

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"] as const

/**
 * Captures console output as the console would print it (util.format: errors with their stack,
 * cause and properties). `spyOn` is vitest's vi.spyOn, passed in to keep this module pure.
 */
export function captureConsole(
  spyOn: (target: Console, method: (typeof CONSOLE_METHODS)[number]) => { mockImplementation(fn: (...args: unknown[]) => void): { mockRestore(): void } },
): ConsoleCapture {
  const lines: string[] = []
  const spies = CONSOLE_METHODS.map((method) =>
    spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(`[console.${method}] ${format(...args)}`)
    }),
  )
  return { lines, restore: () => spies.forEach((s) => s.mockRestore()) }
}

/** A value quoted with every control character and lone surrogate spelled out (DEL and C1 too, which JSON leaves raw). */
export const visible = (value: string, max = 80): string =>
  JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value).replace(
    /[\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )

/** The forms a value takes in a log line: as is, and escaped inside JSON. */
export function printedForms(value: string): string[] {
  const escaped = JSON.stringify(value).slice(1, -1)
  return escaped === value ? [value] : [value, escaped]
}

/** Log lines that show one of the secrets, each named, for a readable failure. */
export function leaks(lines: ReadonlyArray<string>, secrets: ReadonlyMap<string, string>): string[] {
  const found: string[] = []
  for (const line of lines) {
    for (const [secret, what] of secrets) {
      if (printedForms(secret).some((form) => line.includes(form))) {
        found.push(`${what} ${visible(secret, 60)} in: ${visible(line, 300)}`)
        break
      }
    }
  }
  return found
}
