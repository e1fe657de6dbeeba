import { isLanguage, type Language } from "../i18n/languages.ts"

/** Query names the login site adds on its way back (SPEC §2); the redirect helper drops them. */
export const LOGIN_PARAMS = ["login", "sessionToken", "token"] as const

export interface AddressSession {
  urlToken: string | null
  urlLanguage: Language | null
  arrivedFromLogin: boolean
}

/** What the address says about the session: a token, a language, a return from the login site. */
export function readAddress(search: string): AddressSession {
  const params = new URLSearchParams(search)
  const token = params.get("sessionToken") ?? params.get("token")
  const lang = params.get("lang")
  return {
    urlToken: token && token.length > 0 ? token : null,
    // SPEC §4 allows fr and en; Arabic is a product language too, so ar is honoured as well.
    urlLanguage: isLanguage(lang) ? lang : lang === null ? null : "fr",
    arrivedFromLogin: LOGIN_PARAMS.some((name) => params.has(name)),
  }
}

/** The address without the login parameters and lang, keeping every other parameter and the hash. */
export function strippedAddress(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search)
  for (const name of [...LOGIN_PARAMS, "lang"]) params.delete(name)
  const query = params.toString()
  return `${pathname}${query ? `?${query}` : ""}${hash}`
}
