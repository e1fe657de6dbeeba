import { nextTask } from "../ui/whenIdle.ts"
import { INTL_LOCALE, type Language } from "./languages.ts"

/**
 * The browser's first number format and first date format each cost far more than any after them:
 * the first loads the whole of ICU (18 ms on this machine's V8, four times that on a slow phone),
 * the second its calendars and zones (5 ms). Made here, each in a task of its own while the page's
 * texts and code download, they no longer lengthen the task of the screen that first shows a rating
 * or a date (the first doctor card drawn took 56 ms of a phone's main thread in one piece). What
 * they warm stays warm: the formats the screens make (src/i18n/format.ts) reuse what ICU loaded.
 */
export async function warmFormats(language: Language): Promise<void> {
  const locale = INTL_LOCALE[language]
  await nextTask()
  new Intl.NumberFormat(locale).format(1)
  await nextTask()
  // A zone of ours by name: schemas/enums.ts would bring effect/Schema into every first load.
  new Intl.DateTimeFormat(locale, { timeZone: "Africa/Dakar" }).format(0)
}
