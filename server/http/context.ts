import type { Role } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import type { ServerConfig } from "../config.ts"

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
}

export type AppEnv = {
  Variables: {
    deps: Deps
    /** undefined: no token was sent; null is never stored (bad tokens fail the request). */
    caller: Caller | undefined
  }
}
