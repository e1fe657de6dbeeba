import { createContext } from "react"

/**
 * Set once a visitor has answered the cookie banner, so the server can draw its pages with the
 * banner for those who have not (the answer itself stays in local storage): on a slow link, a
 * banner that appears seconds after the page would otherwise be the largest thing it paints.
 */
export const COOKIES_ANSWERED = "promed_cookies"
const MAX_AGE_S = 365 * 24 * 3600

/** Whether the page being drawn, or hydrated from the server's HTML, has the banner before any storage is read. */
export const CookieQuestionDrawn = createContext(false)

export function cookiesAnsweredIn(cookieHeader: string | null): boolean {
  return new RegExp(`(?:^|;\\s*)${COOKIES_ANSWERED}=1(?:;|$)`).test(cookieHeader ?? "")
}

export function rememberCookiesAnswered(): void {
  try {
    const secure = window.location.protocol === "https:" ? "; Secure" : ""
    document.cookie = `${COOKIES_ANSWERED}=1; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`
  } catch {
    // Cookies refused: the server's pages go on asking, and the browser hides the banner once started.
  }
}
