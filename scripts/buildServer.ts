/**
 * The production server, compiled: `npm run build` runs this after the client build and the
 * prerender, and `npm start` runs `node dist/server/main.js`. No TypeScript loader at run time.
 *
 * Vite's SSR build (rolldown): server/main.ts and everything it imports from server/, schemas/
 * and src/ssr/ become one ES module; packages stay imports of node_modules, as in development.
 * Files read at run time beside the code are copied beside the bundle: the Drizzle migrations
 * (server/db/client.ts looks for `migrations/` next to its own module, which is now main.js).
 * Everything else the server reads is found from the working directory and the environment
 * (STATIC_DIR, DATA_DIR), as before: the client build and the SSR renderer in dist/client-ssr.
 *
 *   tsx scripts/buildServer.ts [dist/server]
 */
import { cpSync, existsSync } from "node:fs"
import path from "node:path"
import { build } from "vite"

const outDir = path.resolve(process.argv[2] ?? "dist/server")

/**
 * One program of one file: the gateway, and beside it the backup tool (`node dist/server/backup.js`)
 * and the first admin's (`node dist/server/create-admin.js`).
 */
const program = (entry: string, file: string, first: boolean) =>
  build({
    // Not vite.config.ts: its plugins and chunk groups are the browser's.
    configFile: false,
    logLevel: "warn",
    build: {
      ssr: path.resolve(entry),
      outDir,
      emptyOutDir: first,
      target: "node20",
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: file, codeSplitting: false } },
    },
  })
await program("server/main.ts", "main.js", true)
await program("server/backup/cli.ts", "backup.js", false)
await program("server/accounts/createAdminCli.ts", "create-admin.js", false)

cpSync(path.resolve("server/db/migrations"), path.join(outDir, "migrations"), { recursive: true })
if (!existsSync(path.join(outDir, "main.js"))) throw new Error(`no main.js in ${outDir}`)
console.log(`server compiled into ${path.relative(process.cwd(), outDir)}/main.js (with migrations/), the backup tool into backup.js, create-admin.js`)
