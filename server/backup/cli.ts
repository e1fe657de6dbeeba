/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (in the image: `node
 * dist/server/backup.js backup|restore <folder>`), with the gateway's own settings: DATABASE_URL
 * (unset: the embedded PGlite in DATA_DIR, which the gateway must not hold open) and DATA_DIR.
 * Exit 0 with one line of what was saved or restored; exit 1 with one sentence of why not.
 */
import path from "node:path"
import { loadConfigOrExit } from "../config.ts"
import { backup, BackupError, restore, type Manifest } from "./backup.ts"

const [command, folder] = process.argv.slice(2)
if ((command !== "backup" && command !== "restore") || !folder) {
  console.error("usage: backup <new folder> | restore <backup folder>")
  process.exit(64)
}
const config = loadConfigOrExit()
const place = { databaseUrl: config.databaseUrl, dataDir: config.dataDir }
const said = (m: Manifest) =>
  `${Object.values(m.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(m.rows).length} tables (appointments: ${m.rows["public.appointments"] ?? 0}), ${m.files.count} files (${m.files.bytes} bytes)`
try {
  if (command === "backup") console.log(`backed up into ${path.resolve(folder)}: ${said(await backup(place, path.resolve(folder)))}`)
  else console.log(`restored from ${path.resolve(folder)}, checked against its manifest: ${said(await restore(path.resolve(folder), place))}`)
} catch (error) {
  console.error(error instanceof BackupError ? `${command}: ${error.message}` : error)
  process.exit(1)
}
