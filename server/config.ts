import path from "node:path"

export interface ServerConfig {
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly staticDir: string
  readonly sessionTtlMs: number
  readonly smtpUrl: string | undefined
  readonly mailTo: string
  readonly storageBucket: string
  /** Origin the login site sends users back to; empty means the request's own origin. */
  readonly publicOrigin: string
  readonly logRequests: boolean
  /** Origins of the map tile service, allowed by the content security policy. */
  readonly tileOrigins: ReadonlyArray<string>
  /** The login site lists the demo accounts (on by default: this is a demo build). */
  readonly demoAccountsOnLogin: boolean
  /**
   * The bucket of a real Firebase project when the app is built with one (VITE_FIREBASE_*): its
   * download URLs are then accepted for the caller's own paths. Empty: our own storage surface only.
   */
  readonly firebaseStorageBucket: string
  /** An origin of its own for downloads of user files (https://files.example); empty serves them from this one. */
  readonly userFilesOrigin: string
  /** How long the public reads (search, profiles, week slots) are kept; 0 turns the cache off. */
  readonly readCacheMs: number
}

/** Reads the environment once; every default is the embedded, single-command setup. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? ".data")
  return {
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR ?? "dist/client"),
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 12) * 3600_000,
    smtpUrl: env.SMTP_URL || undefined,
    mailTo: env.CONTACT_MAIL_TO ?? "contact@promed.sn",
    storageBucket: env.STORAGE_BUCKET ?? "promed-local.appspot.com",
    publicOrigin: env.PUBLIC_ORIGIN ?? "",
    logRequests: env.LOG_REQUESTS !== "false",
    tileOrigins: (env.TILE_ORIGINS ?? "https://tile.openstreetmap.org").split(",").filter(Boolean),
    demoAccountsOnLogin: env.DEMO_ACCOUNTS_ON_LOGIN !== "false",
    readCacheMs: Number(env.READ_CACHE_MS ?? 5_000),
    firebaseStorageBucket: env.FIREBASE_STORAGE_BUCKET ?? "",
    userFilesOrigin: env.USER_FILES_ORIGIN ?? "",
  }
}
