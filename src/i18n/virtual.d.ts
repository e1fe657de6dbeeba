declare module "virtual:locale-sections" {
  /** The texts of one section, or of every section of its group (src/i18n/sectionGroups.ts), by section name. */
  type Loader = () => Promise<{ default: Record<string, unknown> }>
  export const loaders: Record<"fr" | "en" | "ar", Record<string, Loader>>
}
