import { secureHeaders } from "hono/secure-headers"

/**
 * CSP without inline scripts; frames forbidden; no sniffing; no referrer (the sign-in landing URL
 * carries a token for an instant, it must never leak through a Referer header). An answer that
 * sets one of these itself keeps its own: user files are served with a stricter CSP (no sources,
 * sandboxed) that this one must not replace (server/storage/downloads.ts).
 */
export function securityHeaders(extraConnect: ReadonlyArray<string>, extraImages: ReadonlyArray<string>) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...extraImages],
      connectSrc: ["'self'", ...extraConnect],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "no-referrer",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    overwrite: false,
  })
}
