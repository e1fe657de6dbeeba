import { execFileSync } from "node:child_process"
import path from "node:path"
import { kB, LANDING_BUDGET_BYTES, landingProblems, measureRoutes } from "../../scripts/bundleBudget.ts"

/** Where the bench's own production build goes. */
export const BENCH_BUILD_DIR = path.resolve(".tmp/bench/client")
let built = false

/** The bench's private production build, made once per run (the Web Vitals section serves it too). */
export function ensureBenchBuild(): string {
  if (!built) buildInto(BENCH_BUILD_DIR)
  built = true
  return BENCH_BUILD_DIR
}

/** A private production build (prerender and service worker included, as served), so another build running meanwhile cannot interfere. */
function buildInto(dir: string): void {
  const run = (args: string[]) => execFileSync("npx", args, { stdio: ["ignore", "ignore", "inherit"] })
  run(["vite", "build", "--outDir", dir, "--emptyOutDir", "--logLevel", "warn"])
  run(["tsx", "scripts/prerender.ts", dir])
  run(["tsx", "scripts/buildServiceWorker.ts", dir])
}

/**
 * What each public route downloads before it shows (JS and CSS, gzip level 9 as served), the
 * number of files, and which heavy libraries come along. / is held to its 200 kB budget.
 */
export async function bundleSizesSection(): Promise<void> {
  const dir = ensureBenchBuild()
  const routes = measureRoutes(dir)
  console.log("\nFirst load per route (production build, gzip -9)")
  console.table(
    routes.map((r) => ({
      route: r.path,
      files: r.files.length,
      "JS gzip": kB(r.js),
      "CSS gzip": kB(r.css),
      total: kB(r.total),
      "heavy libraries": r.libraries.join(", ") || "—",
    })),
  )
  const landing = routes.find((r) => r.path === "/")!
  const problems = landingProblems(landing)
  console.log(`/ budget ${kB(LANDING_BUDGET_BYTES)}: ${problems.length === 0 ? `ok (${kB(landing.total)})` : problems.join("; ")}`)
  console.log("Largest files /:")
  console.table(landing.files.slice(0, 8).map((f) => ({ file: f.file, gzip: kB(f.gzip) })))
}
