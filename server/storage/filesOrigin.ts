import type { Context, MiddlewareHandler } from "hono"
import type { ServerConfig } from "../config.ts"
import type { AppEnv } from "../http/context.ts"

/**
 * The origin user files are served from when USER_FILES_ORIGIN is set (off by default), as
 * Firebase serves downloads from its own domain: even a file a browser took for a page would run
 * on an origin that holds no session, no storage and no API of ours.
 */
export const filesOriginOf = (config: ServerConfig): string | null => (config.userFilesOrigin ? new URL(config.userFilesOrigin).origin : null)

const isDownload = (c: Context<AppEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && /^\/v0\/b\/[^/]+\/o\/./.test(c.req.path) && c.req.query("alt") === "media"

/** Whether this request came to the files origin. */
export function onFilesOrigin(c: Context<AppEnv>): boolean {
  const files = filesOriginOf(c.get("deps").config)
  return files !== null && new URL(c.req.url).origin === files
}

/** On the files origin, downloads only: no app, no gateway, no login site, no uploads or metadata. */
export function filesOriginGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (onFilesOrigin(c) && !isDownload(c)) return c.text("Not found", 404)
    await next()
  }
}

/** Where a download asked of the app's origin is to be fetched instead (the same path and token), or null to serve it here. */
export function downloadElsewhere(c: Context<AppEnv>): string | null {
  const files = filesOriginOf(c.get("deps").config)
  if (files === null || onFilesOrigin(c)) return null
  const url = new URL(c.req.url)
  return `${files}${url.pathname}${url.search}`
}
