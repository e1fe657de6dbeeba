/**
 * Writes the service worker, `<client>/sw.js`, with Workbox's generateSW, run by `npm run build`
 * after scripts/prerender.ts: that step writes index.html and app-shell.html after `vite build`,
 * so a plugin inside the Vite build (vite-plugin-pwa) would precache HTML that is then replaced.
 *
 * The worker precaches only what the app needs to open with no network (issue 13): app-shell.html
 * (every page's HTML offline), the entry and its CSS, the landing page (emergency numbers), the
 * view shown while the session cannot be checked (a patient's kept appointments, the emergency
 * numbers), the session machine, the patient's appointment screens, the offline and cookie banners, the toasts, and their texts in the three
 * languages; never OpenLayers, firebase or images. Pages are fetched from the network as before
 * (server-rendered and prerendered pages keep their HTML); only when that fails does the shell
 * answer. The worker caches no API answer: a user's data is never in its caches.
 *
 *   tsx scripts/buildServiceWorker.ts [dist/client]
 */
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { generateSW } from "workbox-build"
import { APPOINTMENT_DETAIL_TEXTS, APPOINTMENT_TEXTS, LANDING_TEXTS, OFFLINE_TEXTS } from "../src/features/public/routeTexts.ts"
import { LANGUAGES } from "../src/i18n/languages.ts"
import { coreSections, kB, measureRoute, type Manifest, type RouteSpec } from "./bundleBudget.ts"

const clientDir = path.resolve(process.argv[2] ?? "dist/client")

/** The screens (with what they import and their texts) the worker keeps for offline use. */
const OFFLINE_SCREENS: ReadonlyArray<RouteSpec> = [
  { path: "/", screen: "src/features/public/landing/LandingPage.tsx", texts: LANDING_TEXTS },
  { path: "(session unavailable)", screen: "src/layout/SessionUnavailable.tsx", texts: OFFLINE_TEXTS },
  { path: "(kept appointments)", screen: "src/offline/OfflineAppointments.tsx", texts: [] },
  { path: "(offline banner)", screen: "src/offline/OfflineBanner.tsx", texts: ["offline"] },
  // Every page's frame loads these after its first paint (src/layout/RootLayout.tsx).
  { path: "(cookie banner)", screen: "src/layout/CookieBanner.tsx", texts: ["cookies"] },
  { path: "(toasts)", screen: "src/ui/toast/Toaster.tsx", texts: [] },
  { path: "(keeping appointments)", screen: "src/offline/keepAppointments.ts", texts: [] },
  { path: "(session calls)", screen: "src/api/session.ts", texts: [] },
  // The appointment routes' loaders import their calls first, offline too (src/routes/patient.tsx).
  { path: "(appointment calls)", screen: "src/api/appointments.ts", texts: [] },
  // A tab with a token loads the session machine before its first paint (src/appContext.tsx): missing
  // offline, the session never settled, the guard sent the tab to the login site and the page was blank.
  { path: "(session machine)", screen: "src/session/sessionActor.ts", texts: [] },
  { path: "(error modal)", screen: "src/errors/errorModalActor.ts", texts: [] },
  // Loaded after the first paint (src/main.tsx): the tabs' shared session and this side of the app.
  { path: "(tabs' session)", screen: "src/session/tabSession.ts", texts: [] },
  { path: "(offline start)", screen: "src/offline/startOffline.ts", texts: [] },
  { path: "/appointments", screen: "src/features/patient/appointments/AppointmentsPage.tsx", texts: APPOINTMENT_TEXTS },
  // "Voir le détail" offline: the router loads the detail's screen even while the kept copy is shown in its place.
  { path: "/appointments/{id}", screen: "src/features/patient/appointments/AppointmentDetailPage.tsx", texts: APPOINTMENT_DETAIL_TEXTS },
]
const STATIC_FILES = [
  "app-shell.html",
  "manifest.webmanifest",
  "favicon.svg",
  "icons/icon.svg",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/maskable-512.png",
]
/** Too heavy to download behind a first visit, and not needed to read anything offline. */
const NEVER = ["ol", "firebase"]

const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest
const core = coreSections()
const files = new Set(STATIC_FILES)
for (const screen of OFFLINE_SCREENS) {
  for (const language of LANGUAGES) {
    const measured = measureRoute(clientDir, manifest, screen, core, language)
    const heavy = measured.libraries.filter((library) => NEVER.includes(library))
    if (heavy.length > 0) throw new Error(`${screen.screen} would precache ${heavy.join(", ")}`)
    for (const f of measured.files) files.add(f.file)
  }
}

/** Page loads of the app (not the login site, the API or uploads). Workbox copies its source into sw.js: it must use nothing from outside. */
const isPageNavigation = ({ request, url }: { request: Request; url: URL }) => request.mode === "navigate" && !/^\/(api|auth|v0)(\/|$)/.test(url.pathname)

/**
 * Written at the head of sw.js (its source copied, like `isPageNavigation`): the gateway, the login
 * site and uploads go to the network without the worker (static routing, Chromium 123+), which
 * caches none of them. Otherwise each such request waits for the worker, started again if the
 * phone stopped it (idle for 30 s), and a release sent as the tab closes (a `keepalive` fetch) was
 * lost with a stopped worker: the slot stayed held its 5 minutes (tests/e2e/slot-hold.spec.ts).
 */
function routeAroundWorker(event: Event & { addRoutes?: (rules: unknown[]) => Promise<void> }) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return
  const paths = ["/api/*", "/auth/*", "/auth", "/v0/*"]
  ;(event as unknown as { waitUntil: (p: Promise<unknown>) => void }).waitUntil(
    event.addRoutes(paths.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: "network" }))).catch(() => {}),
  )
}

const { count, size, warnings } = await generateSW({
  swDest: path.join(clientDir, "sw.js"),
  globDirectory: clientDir,
  globPatterns: [...files],
  // Hashed file names are their own version: no cache-busting query, the browser's copy is used.
  dontCacheBustURLsMatching: /^assets\//,
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [{ urlPattern: isPageNavigation, handler: "NetworkOnly", options: { precacheFallback: { fallbackURL: "/app-shell.html" } } }],
})
for (const warning of warnings) console.warn(`sw.js: ${warning}`)
const workerFile = path.join(clientDir, "sw.js")
writeFileSync(workerFile, `self.addEventListener("install", ${routeAroundWorker.toString()});\n${readFileSync(workerFile, "utf8")}`)
if (count !== files.size) throw new Error(`sw.js precaches ${count} files where ${files.size} were listed`)
// What a first visit really adds: the landing's own files (hashed, cached a year by the browser)
// are found in its HTTP cache by the worker's requests; the rest crosses the network, compressed.
const landing = new Set(measureRoute(clientDir, manifest, OFFLINE_SCREENS[0]!, core, "fr").files.map((f) => f.file))
const added = [...files].filter((file) => !landing.has(file))
const addedGzip = added.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0)
console.log(`sw.js: ${count} files precached, ${kB(size)} before compression; beyond the landing's own: ${added.length} files, ${kB(addedGzip)} gzip`)
