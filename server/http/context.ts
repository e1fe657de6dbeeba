import type { Role } from "../../schemas/enums.ts"
import type { DoctorId, PatientId, UserId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import type { ServerConfig } from "../config.ts"
import type { CredentialLimits, SignUpKind } from "../auth/credentialLimits.ts"
import type { ReadCache, ReadScope } from "./readCache.ts"
import type { ReadCacheBus } from "./readCacheBus.ts"
import type { PaymentProvider } from "../payments/provider.ts"

/** Who is calling, resolved once per request from the bearer token. */
export interface Caller {
  readonly userId: UserId
  readonly sessionId: string
  readonly role: Role
  readonly patientId: PatientId | null
  readonly doctorId: DoctorId | null
  readonly expiresAt: Date
}

export interface Deps {
  readonly db: Db
  readonly config: ServerConfig
  /** The public reads' cache, made by createApp from config.readCacheMs when not given. */
  readonly readCache: ReadCache
  /** How writes reach the read caches of the other gateways on the database; none when this gateway is alone (PGlite). */
  readonly readCacheBus?: ReadCacheBus
  /** Counts of failed password checks, shared by every credential check; made by createApp when not given. */
  readonly credentialLimits: CredentialLimits
  /** The time as the gateway's own rules read it (verification codes, the notices' cap): a test moves it; made by createApp when not given. */
  readonly clock: () => Date
  /** Counts of sign-up attempts (SIGN_UP_LIMITS), successes included; made by createApp when not given. */
  readonly signUpLimits: CredentialLimits<SignUpKind>
  /** Counts of calendar feeds made or replaced per user (FEED_ROTATION_LIMITS); made by createApp when not given. */
  readonly feedRotationLimits: CredentialLimits<"feedRotation">
  /** Who takes the deposits (issue 40): PAYMENT_PROVIDER's, made by createApp when not given. */
  readonly payments: PaymentProvider
}

export type AppEnv = {
  Variables: {
    deps: Deps
    /** This request's id (hono/request-id): the caller's X-Request-Id when it is a safe token, else a new uuid; sent back and logged. */
    requestId: string
    /** undefined: no token was sent; null is never stored (bad tokens fail the request). */
    caller: Caller | undefined
    /** Set by a POST that only reads, so that it does not empty the read cache. */
    readOnly: boolean | undefined
    /** What the write being handled may change among the cached reads (`writesDoctor`); everything when unset. */
    readScope: ReadScope | undefined
  }
}
