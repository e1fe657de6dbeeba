/**
 * Sections every screen needs (shell, common words, validation); the rest load with their screens
 * (`pagination` with the lists that page, `cookies` with the banner).
 */
export const CORE_SECTIONS = ["common", "session", "header", "themes", "nav", "footer", "notFound", "errorPage", "validation", "fields", "rating"] as const

/**
 * Sections that always load together travel as one file per language (scripts/localeSections.ts):
 * eleven small requests at start cost a slow link more round trips, and more bytes, than one.
 */
export const SECTION_GROUPS: Readonly<Record<string, ReadonlyArray<string>>> = { core: CORE_SECTIONS }

/** The module a section's texts come in: its group's, or its own. */
export function sectionModuleId(language: string, section: string): string {
  const group = Object.keys(SECTION_GROUPS).find((name) => SECTION_GROUPS[name]!.includes(section))
  return `virtual:locale/${language}/${group ?? section}`
}
