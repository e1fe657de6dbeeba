import { languageOfTag, type Language } from "../i18n/languages.ts"

/** Query names the login site adds on its way back (SPEC §2); the redirect helper drops them. */
export const LOGIN_PARAMS = ["login", "sessionToken", "token"] as const

export interface AddressSession {
  urlToken: string | null
  urlLanguage: Language | null
  arrivedFromLogin: boolean
}

/**
 * A token goes in an HTTP header: one with a control character or a character outside visible
 * ASCII (a hostile link) cannot be sent, and would read as a gateway that does not answer.
 */
const SENDABLE_TOKEN = /^[\x21-\x7e]+$/

/** What the address says about the session: a token, a language, a return from the login site. */
export function readAddress(search: string): AddressSession {
  const params = new URLSearchParams(search)
  const token = params.get("sessionToken") ?? params.get("token")
  const lang = params.get("lang")
  return {
    urlToken: token && SENDABLE_TOKEN.test(token) ? token : null,
    // SPEC §4 allows fr and en; Arabic is a product language too, so ar is honoured as well.
    urlLanguage: languageOfTag(lang) ?? (lang === null ? null : "fr"),
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

/**
 * An address of the app (as strippedAddress gives, without them) with the login parameters and
 * lang of `search` put back: what was taken out of a request the server redirects (its language,
 * a return from the login site) must still reach the page it is sent to. The address itself is
 * kept as written: re-encoding it would make another spelling of it.
 */
export function withAddressParams(href: string, search: string): string {
  const from = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const name of [...LOGIN_PARAMS, "lang"]) for (const value of from.getAll(name)) kept.append(name, value)
  if (kept.size === 0) return href
  const hashAt = href.indexOf("#")
  const [path, hash] = hashAt < 0 ? [href, ""] : [href.slice(0, hashAt), href.slice(hashAt)]
  return `${path}${path.includes("?") ? "&" : "?"}${kept.toString()}${hash}`
}
