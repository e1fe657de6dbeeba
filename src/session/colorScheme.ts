import type { Theme } from "../../schemas/settings.ts"

/**
 * Shows the theme saved in the user's settings (DARK, LIGHT, SYSTEM) as `data-color-scheme` on
 * <html>; without one the page keeps the light colours (`data-theme` already holds the PROMED or
 * SAHEL colours, which the scheme combines with: src/ui/styles.css). A few lines, no schema: the
 * session's effects clear it in the entry, whatever ended the session.
 */
export function applyColorScheme(theme: Theme | null | undefined): void {
  if (typeof document === "undefined") return
  if (theme) document.documentElement.dataset.colorScheme = theme.toLowerCase()
  else delete document.documentElement.dataset.colorScheme
}
