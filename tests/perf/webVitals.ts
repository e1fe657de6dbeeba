import { mkdtempSync, readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test"
import { ensureBenchBuild } from "./bundleSizes.ts"
import { PUBLIC_PAGES, seededDoctorId, startGatewayProcess } from "./gatewayProcess.ts"
import { percentile, printTable, verdict } from "./report.ts"

const BUDGET = { lcp: 2500, cls: 0.1, inp: 200 }
const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3)
// Lighthouse's mobile "Slow 4G": 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up; 4x CPU slowdown.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 }
const CPU_SLOWDOWN = 4
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: "fr-FR" }

const webVitalsScript = readFileSync(path.resolve("node_modules/web-vitals/dist/web-vitals.iife.js"), "utf8")
// Runs before any page script: web-vitals for LCP and CLS, and raw Event Timing to give each
// interaction its own duration (INP of that interaction).
const collector = `${webVitalsScript}
window.__vitals = { lcp: null, cls: 0, interactions: {} };
webVitals.onLCP((m) => { window.__vitals.lcp = m.value }, { reportAllChanges: true });
webVitals.onCLS((m) => { window.__vitals.cls = m.value }, { reportAllChanges: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.interactionId) continue;
    const seen = window.__vitals.interactions[e.interactionId] || 0;
    window.__vitals.interactions[e.interactionId] = Math.max(seen, e.duration);
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });`

type Vitals = { lcp: number | null; cls: number; interactions: Record<string, number> }

async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript({ content: collector })
  await throttle(context, page)
  return page
}

/** Slow 4G and a 4x slower CPU on a page, from now on. */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
}

const readVitals = (page: Page) => page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals)

/** LCP and CLS of one cold load: a fresh context each time, so nothing is cached. */
async function coldLoad(browser: Browser, url: string): Promise<{ lcp: number; cls: number }> {
  const context = await browser.newContext(PHONE)
  await context.addInitScript(() => localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false })))
  try {
    const page = await throttledPage(context)
    await page.goto(url, { waitUntil: "load", timeout: 120_000 })
    await page.waitForLoadState("networkidle", { timeout: 120_000 })
    await page.waitForTimeout(1000)
    const vitals = await readVitals(page)
    return { lcp: vitals.lcp ?? Number.NaN, cls: vitals.cls }
  } finally {
    await context.close()
  }
}

/** The longest event of the interaction a user action caused, in ms. */
async function interactionDuration(page: Page, act: () => Promise<void>): Promise<number> {
  const before = new Set(Object.keys((await readVitals(page)).interactions))
  await act()
  await page.waitForTimeout(500)
  const after = (await readVitals(page)).interactions
  const fresh = Object.entries(after)
    .filter(([id]) => !before.has(id))
    .map(([, d]) => d)
  return fresh.length ? Math.max(...fresh) : 0
}

/** INP of opening the booking dialog and of going to the next week in the slot picker, signed in. */
async function bookingInteractions(browser: Browser, origin: string, doctorId: string) {
  const context = await browser.newContext(PHONE)
  await context.addInitScript(() => localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false })))
  try {
    // The session lives in this tab's storage: sign in on the page itself, then slow it down.
    const page = await context.newPage()
    await page.addInitScript({ content: collector })
    await page.goto(`${origin}/auth/login?returnTo=${encodeURIComponent(`/doctors/${doctorId}`)}`)
    await page.getByLabel(/e-mail/i).fill("patient@demo.sn")
    await page.getByLabel(/mot de passe/i).fill("Passw0rd!")
    await page.getByRole("button", { name: /se connecter/i }).click()
    await page.getByTestId("user-menu").waitFor({ state: "attached" })
    await throttle(context, page)
    await page.reload({ waitUntil: "networkidle", timeout: 120_000 })
    const book = page.getByRole("button", { name: /Prendre rendez-vous/ }).first()
    await book.waitFor({ timeout: 60_000 })
    const openModal = await interactionDuration(page, () => book.click())
    const dialog = page.getByRole("dialog")
    await dialog.getByLabel("Motif de consultation").fill("Contrôle annuel")
    await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
    const nextWeekButton = dialog.getByRole("button", { name: "Semaine suivante" })
    await nextWeekButton.waitFor({ timeout: 60_000 })
    const nextWeek = await interactionDuration(page, () => nextWeekButton.click())
    return { openModal, nextWeek }
  } finally {
    await context.close()
  }
}

/**
 * What a repeat visit transfers: after a first visit, reloading `/` and opening /doctors should
 * fetch no unchanged asset (hashed names, a year of cache), only revalidate the HTML.
 */
async function repeatVisit(browser: Browser, origin: string) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    const transfers: Array<{ url: string; bytes: number; cached: boolean; status: number }> = []
    const byId = new Map<string, { url: string; status: number; cached: boolean }>()
    // Chromium reports memory-cache hits through requestServedFromCache, not on the response.
    const servedFromCache = new Set<string>()
    cdp.on("Network.requestServedFromCache", (e) => servedFromCache.add(e.requestId))
    cdp.on("Network.responseReceived", (e) =>
      byId.set(e.requestId, {
        url: e.response.url,
        status: e.response.status,
        cached: Boolean(e.response.fromDiskCache || (e.response as { fromMemoryCache?: boolean }).fromMemoryCache),
      }),
    )
    cdp.on("Network.loadingFinished", (e) => {
      const r = byId.get(e.requestId)
      if (r) transfers.push({ ...r, cached: r.cached || servedFromCache.has(e.requestId), bytes: e.encodedDataLength })
    })
    await page.goto(`${origin}/`, { waitUntil: "networkidle" })
    const first = transfers.splice(0)
    await page.goto(`${origin}/doctors`, { waitUntil: "networkidle" })
    await page.goto(`${origin}/`, { waitUntil: "networkidle" })
    const again = transfers.splice(0).filter((t) => t.url.includes("/assets/") && first.some((f) => f.url === t.url))
    const sum = (list: typeof first) => list.reduce((n, t) => n + t.bytes, 0)
    const compressed = first.filter((t) => t.url.includes("/assets/")).length
    return {
      firstKb: sum(first) / 1000,
      assets: compressed,
      refetched: again.filter((t) => !t.cached && t.status !== 304).length,
      repeatKb: sum(again.filter((t) => !t.cached)) / 1000,
    }
  } finally {
    await context.close()
  }
}

/**
 * Web Vitals of the production build as the page itself reports them (the web-vitals library) in a
 * real load, throttled by DevTools (Slow 4G, 4x slower CPU), as a user in Thiès on a mid-range phone
 * would see them; each figure is the median of RUNS cold loads. Not Lighthouse's figures: Lighthouse
 * simulates the throttled load from an unthrottled one (see lighthouse.ts for why the two disagree).
 */
export async function webVitalsSection(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-vitals-"))
  const gateway = await startGatewayProcess({ port: 8292, dataDir, staticDir: ensureBenchBuild() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
  try {
    const doctorId = await seededDoctorId(gateway.origin)
    const routes = PUBLIC_PAGES.map((page) => page.replace("{id}", doctorId))
    const rows: Array<Array<string | number>> = []
    for (const route of routes) {
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, `${gateway.origin}${route}`))
      const lcp = percentile(
        runs.map((r) => r.lcp),
        50,
      )
      const cls = percentile(
        runs.map((r) => r.cls),
        50,
      )
      rows.push([route.replace(doctorId, "{id}"), Math.round(lcp), BUDGET.lcp, verdict(lcp, BUDGET.lcp), cls, BUDGET.cls, verdict(cls, BUDGET.cls)])
    }
    printTable(
      `Web Vitals reported by the page (web-vitals), real load throttled by DevTools: Slow 4G + 4x CPU, cold cache (median of ${RUNS}); not Lighthouse`,
      ["route", "LCP ms", "budget", "", "CLS", "budget", ""],
      rows,
    )
    const interactions = []
    for (let i = 0; i < RUNS; i++) interactions.push(await bookingInteractions(browser, gateway.origin, doctorId))
    const open = percentile(
      interactions.map((r) => r.openModal),
      50,
    )
    const next = percentile(
      interactions.map((r) => r.nextWeek),
      50,
    )
    const repeat = await repeatVisit(browser, gateway.origin)
    printTable(
      "Repeat visit (same browser, no throttling)",
      ["first visit kB", "assets on /", "unchanged assets fetched again", "bytes fetched again kB"],
      [[Math.round(repeat.firstKb), repeat.assets, repeat.refetched, repeat.repeatKb]],
    )
    printTable(
      `Interaction to Next Paint (Event Timing in the page), signed in, DevTools-throttled Slow 4G + 4x CPU (median of ${RUNS})`,
      ["interaction", "INP ms", "budget", ""],
      [
        ["open the booking dialog", Math.round(open), BUDGET.inp, verdict(open, BUDGET.inp)],
        ["next week in the slot picker", Math.round(next), BUDGET.inp, verdict(next, BUDGET.inp)],
      ],
    )
  } finally {
    await browser.close()
    await gateway.stop()
  }
}
