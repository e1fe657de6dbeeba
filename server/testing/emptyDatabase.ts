import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { databaseUrl, withAdmin } from "./databaseTemplates.ts"
import { TEST_DB } from "./testGateway.ts"

/**
 * A database of one's own that nothing has opened yet, on the suite's kind (TEST_DB): a new
 * PostgreSQL database, or a PGlite data folder. `env` gives it to a process as the gateway reads
 * it (DATABASE_URL, else DATA_DIR); `options` opens it in this one (openDatabase).
 */
export async function emptyDatabase() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-empty-"))
  if (TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL")
    const name = `promed_t_empty_${randomBytes(5).toString("hex")}`
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`))
    const url = databaseUrl(adminUrl, name)
    return {
      options: { url },
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      async drop() {
        await withAdmin(adminUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  return {
    options: { dataDir: path.join(dataDir, "pglite") },
    env: { DATABASE_URL: "", DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}
