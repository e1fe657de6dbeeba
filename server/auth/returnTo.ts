import type { LoginLang } from "./loginPage.ts"

/**
 * Any origin will do to resolve against, as long as a result on it is recognisable: only paths
 * resolved onto it are accepted. Browsers resolve a Location against our real origin the same way.
 */
const HERE = new URL("http://promed.invalid/")
const MAX_INPUT = 1000
const MAX_PATH = 2000

function decodedLowerCase(path: string): string {
  try {
    return decodeURIComponent(path).toLowerCase()
  } catch {
    return path.toLowerCase()
  }
}

/** What the gateway answers itself under these (the API, storage, probes, metrics, the login site): no SPA there. */
const GATEWAY_PATHS = /^\/(api|v0|auth|livez|readyz|metrics)(\/|$)/

/**
 * True when the SPA answers this path, so that it reads the token and takes it out of the address
 * bar (SPEC §4): not one of the gateway's own, and no dot in its last segment, however encoded,
 * where the static site would look for a file (server/http/static.ts: a path with an extension is
 * a file or a 404). "/x.y" would be a plain 404 with the token left in view. Stricter than the
 * static site (a dot file, "%2F"): those land on the role home, which is no loss.
 */
function servedBySpa(pathname: string): boolean {
  const last = decodedLowerCase(pathname.slice(pathname.lastIndexOf("/") + 1))
  return !GATEWAY_PATHS.test(decodedLowerCase(pathname)) && !last.includes(".")
}

/**
 * A path of this site to return to after signing in, or "/" (the SPA sends "/" on to the role
 * home, SPEC §2). The value is resolved first, as a browser would (dot segments, %2e, backslashes,
 * tabs), and judged afterwards: the result is never protocol-relative, never another origin and
 * never the login site or another path the SPA does not serve, and it is plain ASCII.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > MAX_INPUT) return "/"
  let url: URL
  try {
    url = new URL(value, HERE)
  } catch {
    return "/"
  }
  // "/.//evil.example" resolves to the path "//evil.example": on our origin, but read alone it is protocol-relative.
  if (url.origin !== HERE.origin || url.username || url.password || url.pathname.startsWith("//")) return "/"
  if (decodedLowerCase(url.pathname).startsWith("/auth") || !servedBySpa(url.pathname)) return "/"
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.length > MAX_PATH ? "/" : path
}

/**
 * The SPA address to land on after signing in, carrying the token and language (SPEC §2): a path
 * of this site (whatever `returnTo` holds, it is made safe again here), never protocol-relative.
 */
export function landingUrl(returnTo: string, token: string, lang: LoginLang): string {
  const url = new URL(safeReturnTo(returnTo), HERE)
  for (const name of ["login", "sessionToken", "lang"]) url.searchParams.delete(name)
  url.searchParams.set("login", "true")
  url.searchParams.set("sessionToken", token)
  url.searchParams.set("lang", lang)
  return `${url.pathname}${url.search}${url.hash}`
}
