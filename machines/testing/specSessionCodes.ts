/**
 * SPEC §8's session-type codes, copied from the spec by hand: the server refused the token (as
 * opposed to not answering). Oracles read this list, never the code's own (schemas/errors.ts), so
 * a code dropped there shows as a disagreement.
 */
export const SPEC_SESSION_CODES: ReadonlySet<string> = new Set([
  "SESSION_EXPIRED",
  "EXPIRED_JWT_TOKEN_ERROR",
  "EXPIRED_JWT_TOKEN",
  "SESSION_NOT_FOUND",
  "TOKEN_NOT_FOUND",
  "INVALID_TOKEN",
  "INVALID_JWT_TOKEN_ERROR",
  "INVALID_JWT_TOKEN",
  "UNSUPPORTED_JWT_TOKEN",
  "MALFORMED_JWT_TOKEN",
  "INVALID_JWT_SIGNATURE",
  "JWT_TOKEN_REVOKED",
  "INVALID_REFRESH_TOKEN",
  "JWT_TOKEN_NOT_FOUND",
  "INVALID_SESSION",
])
