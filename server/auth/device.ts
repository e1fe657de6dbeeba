import type { SessionBrowser, SessionDevice, SessionSystem } from "../../schemas/sessions.ts"

/** Only the start of the header is read: enough for every browser's own token, and a bound on the work a hostile one can ask. */
const READ_AT_MOST = 512

/** In order: the browsers built on Chrome name themselves before "Chrome", and Chrome before "Safari". */
const BROWSERS: ReadonlyArray<readonly [RegExp, SessionBrowser]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPT)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
]

/** In order: Android says "Linux" too, and iPhones say "like Mac OS X". */
const SYSTEMS: ReadonlyArray<readonly [RegExp, SessionSystem]> = [
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
]

const firstMatch = <T>(text: string, table: ReadonlyArray<readonly [RegExp, T]>): T | null => table.find(([pattern]) => pattern.test(text))?.[1] ?? null

/** The device a User-Agent names, as "Chrome" on "Android": names from the short lists of schemas/sessions.ts, null for what it does not say. */
export function deviceOf(userAgent: string | undefined): SessionDevice {
  const text = (userAgent ?? "").slice(0, READ_AT_MOST)
  return { browser: firstMatch(text, BROWSERS), os: firstMatch(text, SYSTEMS) }
}
