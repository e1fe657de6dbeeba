/**
 * Prerenders the landing page into the production build, so a visitor on a slow link sees it
 * before any JavaScript runs. Builds scripts/prerenderEntry.tsx for Node (Vite SSR build),
 * renders / for a visitor in French, and writes:
 *  - index.html: the page with the landing's markup, its CSS and preloads of what it loads;
 *  - app-shell.html: the page without prerendered markup, served for every other address, so a
 *    deep link never flashes the landing.
 * The markup may contain no <script> (the content security policy forbids inline scripts).
 *
 *   tsx scripts/prerender.ts [dist/client]
 */
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "vite"
import { coreSections, measureRoute, ROUTES } from "./bundleBudget.ts"

const clientDir = path.resolve(process.argv[2] ?? "dist/client")
const serverDir = path.resolve(path.dirname(clientDir), `${path.basename(clientDir)}-prerender`)
const ROOT = '<div id="root"></div>'

await build({
  configFile: path.resolve("vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: path.resolve("scripts/prerenderEntry.tsx"),
    outDir: serverDir,
    emptyOutDir: true,
    manifest: false,
    // One file for Node; the client's chunk groups do not apply here.
    rolldownOptions: { output: { codeSplitting: false } },
  },
})

const entry = (await import(pathToFileURL(path.join(serverDir, "prerenderEntry.js")).href)) as {
  renderLanding: () => Promise<string>
  PRERENDER_LANGUAGE: string
}
const markup = await entry.renderLanding()
if (/<script/i.test(markup)) throw new Error("the prerendered landing contains a <script>: the CSP would block it")
if (!markup.includes('id="hero"')) throw new Error("the prerendered markup is not the landing page")

const indexFile = path.join(clientDir, "index.html")
const shell = readFileSync(indexFile, "utf8")
if (!shell.includes(ROOT)) throw new Error(`${indexFile} has no empty ${ROOT}: already prerendered?`)
writeFileSync(path.join(clientDir, "app-shell.html"), shell)

// What / loads after the shell (its screen, texts and CSS), announced up front.
const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"))
const landing = measureRoute(clientDir, manifest, ROUTES[0]!, coreSections())
const head = landing.files
  .filter((f) => !shell.includes(f.file))
  .sort((a, b) => Number(b.file.endsWith(".css")) - Number(a.file.endsWith(".css")))
  .map((f) => (f.file.endsWith(".css") ? `<link rel="stylesheet" href="/${f.file}">` : `<link rel="modulepreload" crossorigin href="/${f.file}">`))
  .map((line) => `  ${line}\n`)
  .join("")

const page = shell
  .replace("</head>", `${head}  </head>`)
  .replace(ROOT, `<div id="root" data-prerendered="${entry.PRERENDER_LANGUAGE}">${markup}</div>`)
writeFileSync(indexFile, page)
console.log(`prerendered / (${(markup.length / 1024).toFixed(1)} KiB of HTML) into ${path.relative(process.cwd(), indexFile)}; app-shell.html for the other pages`)
