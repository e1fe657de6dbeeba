import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts"

/**
 * The external login site (served by the gateway under /auth), asked to bring the user back, in
 * the app's language. A language other than the default is one the user chose (ع, EN, a `?lang=`
 * address, or an account's saved earlier): marked chosen, it wins over the account's saved one at
 * this sign-in (the language chosen last, issue 39). Decided from the language alone, so the
 * server's page and the browser's draw the same link.
 */
export function loginUrl(returnTo: string, language: Language): string {
  const params = new URLSearchParams({ returnTo, lang: language, ...(language === DEFAULT_LANGUAGE ? {} : { chosen: "1" }) })
  return `/auth/login?${params.toString()}`
}
