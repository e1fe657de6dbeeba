import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/**
 * The Firebase Storage REST surface the web SDK speaks to an emulator (issue 4), served at /v0
 * over files in .data/storage. See ../shared/FIREBASE_STORAGE.md.
 */
export function storageRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
