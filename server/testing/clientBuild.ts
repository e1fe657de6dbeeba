import { execFileSync } from "node:child_process"
import path from "node:path"

/** Where scripts/test-gateway.ts put the one production build both gateway runs share. */
export const SHARED_CLIENT_BUILD = process.env.PROMED_TEST_CLIENT_BUILD

/**
 * A production build as `npm run build` makes it (client, server renderer, service worker) under `root/client`.
 * Built once per gateway test run, not once per database: it takes half a minute.
 */
export function buildClient(root: string): string {
  const clientDir = path.join(root, "client")
  const env = { ...process.env, NODE_ENV: "production" }
  execFileSync("npx", ["vite", "build", "--outDir", clientDir, "--emptyOutDir", "--logLevel", "error"], { env, stdio: ["ignore", "ignore", "inherit"] })
  execFileSync("npx", ["tsx", "scripts/prerender.ts", clientDir], { env, stdio: ["ignore", "ignore", "inherit"] })
  execFileSync("npx", ["tsx", "scripts/buildServiceWorker.ts", clientDir], { env, stdio: ["ignore", "ignore", "inherit"] })
  return clientDir
}
