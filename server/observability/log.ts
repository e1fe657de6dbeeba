import pino from "pino"

/** pino's level names, the values LOG_LEVEL takes (server/config.ts checks them). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const isLogLevel = (text: string | undefined): text is LogLevel => LOG_LEVELS.includes(text as LogLevel)

/** What receives the lines while a test captures them (captureLogs); stdout otherwise. */
const taps = new Set<(line: string) => void>()
const stdout = pino.destination({ dest: 1, sync: true })
const destination = {
  write(line: string) {
    if (taps.size === 0) stdout.write(line)
    else for (const tap of taps) tap(line)
  },
}

/**
 * The gateway's one logger: JSON lines on stdout (pino), one object per event, with the fields an
 * operator filters on (`scope`, `requestId`, `route`, `status`, `ms`, `sqlState`). What goes in a
 * field is chosen at the call: route templates and ids, never a person's data (no names, emails,
 * phones, query strings or bodies), so nothing here needs redacting after the fact.
 *
 * `LOG_LEVEL` (pino's levels, default `info`) is read here rather than through server/config.ts
 * so that the modules that log before the configuration is read (a bad setting, the database wait)
 * have the same logger; a value that is no level logs at `info` until server/config.ts refuses it.
 * The gateway tests run with `silent` (vitest.config.ts) unless they capture the lines.
 */
export const log = pino(
  {
    level: isLogLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : "info",
    base: { service: "promed-gateway" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  destination,
)

export type Logger = pino.Logger

/** A child logger whose lines all carry `scope` (`db`, `jobs`, `listener`, …); it follows the level of `log`. */
export const scoped = (scope: string): Logger => log.child({ scope })

export interface LogCapture {
  /** The lines logged since the capture began, parsed. */
  readonly lines: ReadonlyArray<Record<string, unknown>>
  /** The same lines as written, one per line. */
  text(): string
  /** Ends the capture: lines go to stdout again, at the level there was before. */
  stop(): void
}

/** For tests: keeps every line logged from now on (at `level` or above, whatever LOG_LEVEL says) off stdout, to be read. */
export function captureLogs(level: Exclude<LogLevel, "silent"> = "info"): LogCapture {
  const written: string[] = []
  const lines: Array<Record<string, unknown>> = []
  const tap = (line: string) => {
    written.push(line)
    lines.push(JSON.parse(line) as Record<string, unknown>)
  }
  const before = log.level
  log.level = level
  taps.add(tap)
  return {
    lines,
    text: () => written.join(""),
    stop() {
      taps.delete(tap)
      log.level = before
    },
  }
}
