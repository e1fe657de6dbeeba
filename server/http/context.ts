import type { Role } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import type { ServerConfig } from "../config.ts"
import type { CredentialLimits } from "../auth/credentialLimits.ts"
import type { ReadCache } from "./readCache.ts"

/** Who is calling, resolved once per request from the bearer token. */
export interface Caller {
  readonly userId: string
  readonly sessionId: string
  readonly role: Role
  readonly patientId: string | null
  readonly doctorId: string | null
  readonly expiresAt: Date
}

export interface Deps {
  readonly db: Db
  readonly config: ServerConfig
  /** The public reads' cache, made by createApp from config.readCacheMs when not given. */
  readonly readCache: ReadCache
  /** Counts of failed password checks, shared by every credential check; made by createApp when not given. */
  readonly credentialLimits: CredentialLimits
}

export type AppEnv = {
  Variables: {
    deps: Deps
    /** undefined: no token was sent; null is never stored (bad tokens fail the request). */
    caller: Caller | undefined
    /** Set by a POST that only reads, so that it does not empty the read cache. */
    readOnly: boolean | undefined
  }
}
