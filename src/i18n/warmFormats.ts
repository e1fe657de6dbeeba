import { nextTask } from "../ui/whenIdle.ts"
import { INTL_LOCALE, type Language } from "./languages.ts"

/**
 * What the browser loads of ICU for its first number and date formats, one piece per task: what a
 * locale such as fr-SN stands for, the locales it has dates and numbers for, then the two formats.
 * Chromium here spends 32–41 ms on the first number format made at once (four times that on a slow
 * phone), the longest piece 13–27 ms. In one go, that lengthened the task of the first screen to
 * show a rating or a date (the first doctor card drawn took 56 ms of a phone's main thread).
 */
const STEPS: ReadonlyArray<(locale: string) => unknown> = [
  (locale) => (typeof Intl.Locale === "function" ? new Intl.Locale(locale).maximize() : undefined),
  (locale) => Intl.DateTimeFormat.supportedLocalesOf(locale),
  (locale) => Intl.NumberFormat.supportedLocalesOf(locale),
  (locale) => new Intl.NumberFormat(locale).format(1),
  // A zone of ours by name: schemas/enums.ts would bring effect/Schema into every first load.
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: "Africa/Dakar" }).format(0),
]

/**
 * Made while the page's texts and code download, before any screen formats a figure; what they
 * load stays loaded for the formats the screens make (src/i18n/format.ts).
 */
export async function warmFormats(language: Language): Promise<void> {
  const locale = INTL_LOCALE[language]
  for (const step of STEPS) {
    await nextTask()
    step(locale)
  }
}
