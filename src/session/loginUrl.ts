import type { Language } from "../i18n/languages.ts"

/** The external login site (served by the gateway under /auth), asked to bring the user back. */
export function loginUrl(returnTo: string, language: Language): string {
  const params = new URLSearchParams({ returnTo, lang: language })
  return `/auth/login?${params.toString()}`
}
