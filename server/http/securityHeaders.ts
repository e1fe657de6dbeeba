import { secureHeaders } from "hono/secure-headers"

/**
 * CSP without inline scripts; frames forbidden; no sniffing; no referrer (the sign-in landing URL
 * carries a token for an instant, it must never leak through a Referer header).
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
  })
}
