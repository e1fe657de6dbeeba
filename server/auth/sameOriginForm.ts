import type { Context } from "hono"
import type { AppEnv } from "../http/context.ts"

/** This site's origin as browsers see it: PUBLIC_ORIGIN behind a proxy, else the request's own. */
export function ownOrigin(c: Context<AppEnv>): string {
  const configured = c.get("deps").config.publicOrigin
  return new URL(configured || c.req.url).origin
}

/**
 * Whether a form post comes from a page of this site, so that no other site can sign a visitor
 * in to an account of its choosing (login CSRF). Fetch Metadata decides: browsers set
 * Sec-Fetch-Site themselves (Chromium 76, Firefox 90, Safari 16.4) and no page can forge it; only
 * "same-origin" passes, and "none", which only the user's own action in the browser produces.
 * A browser without it is judged by Origin, which must then be exactly ours (the login page asks
 * for a same-origin referrer policy so that such browsers send it); no Origin, or "null"
 * (sandboxed frames, data: pages), is refused. An Origin of another site is refused in any case.
 * No form token is needed: it would have to be tied to the browser by a cookie, and this
 * cookieless site would gain one only for that.
 */
export function isSameOriginPost(c: Context<AppEnv>): boolean {
  const own = ownOrigin(c)
  const site = c.req.header("sec-fetch-site")
  const origin = c.req.header("origin")
  if (origin !== undefined && origin !== "null" && origin !== own) return false
  if (site !== undefined) return site === "same-origin" || site === "none"
  return origin === own
}
