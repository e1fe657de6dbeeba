/**
 * What each public route downloads before it can show, from the production build's manifest:
 * the entry and its static imports, the route's screen chunk and its static imports, the text
 * sections it loads at start (in French), and their CSS, gzipped at level 9 as the server sends
 * them. `--check` fails when / is over its budget, loads OpenLayers, firebase, XState,
 * temporal-polyfill or effect/Schema, or loads texts of another language.
 *
 *   tsx scripts/bundleBudget.ts [--check] [--dir dist/client]
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import { CORE_SECTIONS, sectionModuleId } from "../src/i18n/sectionGroups.ts"
import { EAGER_COMPILE_HINT, SHELL_CHUNK } from "./compileHints.ts"
import { CONTACT_TEXTS, DOCTOR_PROFILE_TEXTS, DOCTOR_SEARCH_TEXTS, FACILITY_TEXTS, LANDING_TEXTS } from "../src/features/public/routeTexts.ts"

/** The landing page's budget (issue 3, lowered to issue 12's 150 kB): its JavaScript, gzipped, everything / loads. CSS is printed beside it. */
export const LANDING_BUDGET_BYTES = 150_000

interface ManifestChunk {
  file: string
  name?: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

export interface RouteSpec {
  readonly path: string
  readonly screen: string
  readonly texts: ReadonlyArray<string>
}

export const ROUTES: ReadonlyArray<RouteSpec> = [
  { path: "/", screen: "src/features/public/landing/LandingPage.tsx", texts: LANDING_TEXTS },
  { path: "/doctors", screen: "src/features/public/doctors/DoctorSearchPage.tsx", texts: DOCTOR_SEARCH_TEXTS },
  { path: "/doctors/{id}", screen: "src/features/public/profile/DoctorProfilePage.tsx", texts: DOCTOR_PROFILE_TEXTS },
  { path: "/facilities", screen: "src/features/public/facilities/FacilitiesPage.tsx", texts: FACILITY_TEXTS },
  { path: "/facilities (map)", screen: "src/features/public/facilities/map/FacilityMap.tsx", texts: FACILITY_TEXTS },
  { path: "/contact", screen: "src/features/public/contact/ContactPage.tsx", texts: CONTACT_TEXTS },
]

/** Text that only these libraries contain: how the check tells them apart in a chunk. */
const FORBIDDEN_ON_LANDING: Record<string, string> = {
  ol: "ol-viewport",
  firebase: "firebasestorage.googleapis.com",
  "temporal-polyfill": "Invalid leap month",
  // The id every schema check of effect/Schema is known by (Schema.isInt's is effect/schema/isInt).
  "effect/Schema": "effect/schema/",
  // The event every XState actor starts with: the app-wide actors load when first needed (src/actors/lazyActor.ts).
  xstate: "xstate.init",
}

/** The text sections every page loads at start. */
export function coreSections(): string[] {
  return [...CORE_SECTIONS]
}

export interface RouteSize {
  readonly path: string
  readonly files: ReadonlyArray<{ file: string; gzip: number }>
  readonly js: number
  readonly css: number
  readonly total: number
  readonly libraries: ReadonlyArray<string>
}

const ONE_STYLESHEET = "style.css"

/** Texts are counted in French unless another language is asked for (the server-rendered pages preload the visitor's). */
export function measureRoute(dir: string, manifest: Manifest, route: RouteSpec, core: ReadonlyArray<string>, language = "fr"): RouteSize {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error("no entry chunk in the manifest")
  const roots = [entry[0], route.screen, ...new Set([...core, ...route.texts].map((s) => sectionModuleId(language, s)))]
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    // A section no locale file has yet loads nothing (ensureTexts answers it with {}).
    if (!chunk && key.startsWith("virtual:locale/")) return
    if (!chunk) throw new Error(`${key} is not in the build (route ${route.path})`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const root of roots) visit(root)
  // The app's one stylesheet (vite.config.ts: cssCodeSplit off) belongs to no chunk: every page has it.
  const stylesheet = manifest[ONE_STYLESHEET]
  if (stylesheet) files.add(stylesheet.file)
  const sized = [...files].map((file) => {
    const body = readFileSync(path.join(dir, file))
    return { file, gzip: gzipSync(body, { level: 9 }).length, text: body.toString("utf8") }
  })
  const sum = (list: typeof sized) => list.reduce((n, f) => n + f.gzip, 0)
  const js = sum(sized.filter((f) => f.file.endsWith(".js")))
  const css = sum(sized.filter((f) => f.file.endsWith(".css")))
  const libraries = Object.entries(FORBIDDEN_ON_LANDING)
    // Code only: the one stylesheet carries every screen's CSS, the map's classes included.
    .filter(([, marker]) => sized.some((f) => f.file.endsWith(".js") && f.text.includes(marker)))
    .map(([name]) => name)
  return {
    path: route.path,
    files: sized.map(({ file, gzip }) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip),
    js,
    css,
    total: js + css,
    libraries,
  }
}

export function measureRoutes(dir = "dist/client"): RouteSize[] {
  const manifestFile = path.join(dir, ".vite/manifest.json")
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run the production build first`)
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest
  const core = coreSections()
  return ROUTES.filter((r) => manifest[r.screen]).map((route) => measureRoute(dir, manifest, route, core))
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** Reasons the landing page breaks its budget; empty when it keeps it. */
export function landingProblems(landing: RouteSize, manifest?: Manifest): string[] {
  const problems: string[] = []
  if (landing.js > LANDING_BUDGET_BYTES) problems.push(`/ loads ${kB(landing.js)} of JavaScript gzip, over the ${kB(LANDING_BUDGET_BYTES)} budget`)
  for (const library of landing.libraries) problems.push(`/ loads ${library}`)
  if (manifest) {
    const foreign = Object.entries(manifest)
      .filter(([key]) => /^virtual:locale\/(en|ar)\//.test(key))
      .map(([, chunk]) => chunk.file)
    if (landing.files.some((f) => foreign.includes(f.file))) problems.push("/ loads texts of another language than French")
  }
  return problems
}

/** Why the shell would be compiled function by function on the main thread: empty when it carries the hint on its first line. */
export function compileHintProblems(dir: string, manifest: Manifest): string[] {
  const shells = Object.values(manifest).filter((chunk) => chunk.name === SHELL_CHUNK)
  if (shells.length === 0) return [`no "${SHELL_CHUNK}" chunk in the build`]
  return shells
    .filter((chunk) => !readFileSync(path.join(dir, chunk.file), "utf8").startsWith(`${EAGER_COMPILE_HINT}\n`))
    .map((chunk) => `${chunk.file} does not start with V8's compile hint (${EAGER_COMPILE_HINT})`)
}

function main() {
  const args = process.argv.slice(2)
  const dirIndex = args.indexOf("--dir")
  const dir = dirIndex >= 0 ? args[dirIndex + 1]! : "dist/client"
  const routes = measureRoutes(dir)
  console.log("route                 JS gzip    CSS gzip   total")
  for (const r of routes) console.log(`${r.path.padEnd(20)} ${kB(r.js).padStart(9)} ${kB(r.css).padStart(10)} ${kB(r.total).padStart(9)}`)
  const landing = routes.find((r) => r.path === "/")
  if (!landing) throw new Error("the landing page is not in the build")
  if (args.includes("--verbose")) for (const f of landing.files) console.log(`  ${kB(f.gzip).padStart(9)}  ${f.file}`)
  const manifest = JSON.parse(readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Manifest
  const problems = [...landingProblems(landing, manifest), ...compileHintProblems(dir, manifest)]
  console.log(`\n/ budget: ${kB(landing.js)} of JavaScript of ${kB(LANDING_BUDGET_BYTES)}${problems.length ? "" : " ✓"} (and ${kB(landing.css)} of CSS)`)
  if (args.includes("--check") && problems.length > 0) {
    for (const p of problems) console.error(`✗ ${p}`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main()
