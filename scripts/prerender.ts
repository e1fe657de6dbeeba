/**
 * The server side of the production build, run by `npm run build` after `vite build`:
 *  - builds the server renderer (src/ssr/serverEntry.tsx, Vite's SSR build, one self-contained
 *    file) into `<client>-ssr/`, beside the client build and never inside it (that is served);
 *  - prerenders the landing page for a French visitor into index.html, with its CSS and preloads,
 *    so a visitor on a slow link sees it before any JavaScript runs;
 *  - writes app-shell.html: the page without markup, served for every address the server does not
 *    render, so a deep link never flashes the landing;
 *  - writes src/ssr/takeover.js into assets/ (named by its content) and `<client>-ssr/page-shell.html`,
 *    the shell of every drawn page, whose scripts that takeover starts after the first paint;
 *  - writes `<client>-ssr/heads.json`: per server-rendered page (server/http/ssr.ts) and language,
 *    the CSS and module preloads of what that page loads after the shell (its screen, the modules
 *    its loader imports, its texts in that language), from scripts/bundleBudget.ts's measures.
 * The markup may contain no <script> (the content security policy forbids inline scripts).
 *
 *   tsx scripts/prerender.ts [dist/client]
 */
import { createHash } from "node:crypto"
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "vite"
import { LANGUAGES } from "../src/i18n/languages.ts"
import { SSR_ENTRY_FILE, SSR_HEADS_FILE, SSR_PAGE_MODULES, SSR_PAGES, SSR_SHELL_FILE, ssrDirOf, type ServerEntry, type SsrHeads } from "../src/ssr/contract.ts"
import { headLine, pageDocument, TAKEOVER_TAG } from "../src/ssr/document.ts"
import { coreSections, measureRoute, ROUTES, type Manifest } from "./bundleBudget.ts"

const clientDir = path.resolve(process.argv[2] ?? "dist/client")
const serverDir = ssrDirOf(clientDir)

await build({
  configFile: path.resolve("vite.config.ts"),
  logLevel: "warn",
  // Bundled whole, React included: the server loads one file, in production mode.
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: path.resolve("src/ssr/serverEntry.tsx"),
    outDir: serverDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    // One file for Node; the client's chunk groups do not apply here.
    rolldownOptions: { output: { codeSplitting: false } },
  },
})

const entry = (await import(pathToFileURL(path.join(serverDir, SSR_ENTRY_FILE)).href)) as ServerEntry
const markup = await entry.renderLanding()
if (/<script/i.test(markup)) throw new Error("the prerendered landing contains a <script>: the CSP would block it")
if (!markup.includes('id="hero"')) throw new Error("the prerendered markup is not the landing page")

const indexFile = path.join(clientDir, "index.html")
const shell = readFileSync(indexFile, "utf8")

const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest
const core = coreSections()
const routeOf = (routePath: string) => {
  const route = ROUTES.find((r) => r.path === routePath)
  if (!route) throw new Error(`scripts/bundleBudget.ts has no route ${routePath}`)
  return route
}

/** What a route loads after the shell, announced up front: CSS first (the page needs it to show), then modules. */
function headOf(routePath: string, language: string, modules: ReadonlyArray<string> = []): string {
  const route = routeOf(routePath)
  const files = new Set(
    [route, ...modules.map((screen) => ({ ...route, screen, texts: [] }))].flatMap((spec) =>
      measureRoute(clientDir, manifest, spec, core, language).files.map((f) => f.file),
    ),
  )
  return [...files]
    .filter((file) => !shell.includes(file))
    .sort((a, b) => Number(b.endsWith(".css")) - Number(a.endsWith(".css")))
    .map(headLine)
    .join("")
}

/** The takeover script in assets/, named by its content like every file there (they are cached for a year). */
function writeTakeover(): string {
  const source = readFileSync(path.resolve("src/ssr/takeover.js"), "utf8").replace(/^\/\*[\s\S]*?\*\/\n/, "")
  const file = `assets/takeover-${createHash("sha256").update(source).digest("base64url").slice(0, 8)}.js`
  writeFileSync(path.join(clientDir, file), source)
  return `/${file}`
}
const pageShell = shell.replace("</body>", () => `  ${TAKEOVER_TAG} src="${writeTakeover()}"></script>\n  </body>`)

const landing = pageDocument(pageShell, { language: entry.PRERENDER_LANGUAGE, head: headOf("/", entry.PRERENDER_LANGUAGE), markup, href: "/" })
const heads = Object.fromEntries(
  SSR_PAGES.map((page) => [page, Object.fromEntries(LANGUAGES.map((language) => [language, headOf(page, language, SSR_PAGE_MODULES[page])]))]),
) as SsrHeads
// Written last, so a failure above leaves the client build as vite left it.
writeFileSync(path.join(clientDir, "app-shell.html"), shell)
writeFileSync(path.join(serverDir, SSR_SHELL_FILE), pageShell)
writeFileSync(indexFile, landing)
writeFileSync(path.join(serverDir, SSR_HEADS_FILE), JSON.stringify(heads, null, 2))

console.log(
  `prerendered / (${(markup.length / 1024).toFixed(1)} KiB of HTML) into ${path.relative(process.cwd(), indexFile)}; app-shell.html for the other pages; ` +
    `server renderer for ${SSR_PAGES.join(", ")} in ${path.relative(process.cwd(), serverDir)}`,
)
