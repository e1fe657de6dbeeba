/**
 * Lighthouse itself, as the outside run does it: its default mobile configuration.
 *
 * Why the "vitals" section said LCP 1.5 s where Lighthouse says 3.4 s and more, on the same pages:
 *  - Lighthouse does not throttle the load it measures. It loads the page at full speed, then
 *    simulates (Lantern) the Slow 4G + 4x CPU load from that trace. Its FCP/LCP graph keeps every
 *    request with render-blocking priority that ended before the full-speed paint, and a module
 *    script or modulepreload is "High", so counts. At full speed on localhost, nearly all of the
 *    landing's ~30 modulepreloaded chunks arrive before the first paint: the simulated paint of /
 *    waits for 32 requests, 214 kB of the page's 229 kB, over 1.6 Mbit/s, plus their evaluation
 *    times four. In a really throttled load (the vitals section, or Lighthouse with
 *    throttlingMethod "devtools") only the document, the CSS and a few scripts, 6 requests and 16 kB,
 *    had arrived when / painted (/facilities: 18 requests, 196 kB simulated against 11, 30 kB real).
 *  - The vitals section stores the cookie choice before each load; Lighthouse starts with empty
 *    storage, so the cookie banner shows, and on /doctors its text is the LCP element.
 *  - Both multiply this machine's own CPU time by four (Lantern from the trace, DevTools by slowing
 *    the renderer), so both swing with the host: on this shared 2-core machine under load (load
 *    average 13 to 22, Lighthouse's benchmarkIndex 230 to 610) the vitals section itself gave LCP
 *    4.1 s on /, and Lighthouse 4.4 to 6.7 s simulated, 2.4 to 3.4 s devtools: 1.5 s needs a quiet host.
 *    In a later run at benchmarkIndex 1400 to 2400, Lighthouse gave / LCP 3.2 s, near the 3.4 s.
 * Since then the drawn pages start their scripts after the first paint (src/ssr/takeover.js) and the server
 * draws the cookie banner for a first visit, so the simulation's paint waits for the document and the one
 * stylesheet only, as a throttled load does.
 * So the bench now runs Lighthouse itself; its figures are comparable with the only on an idle
 * machine (compare the benchmarkIndex column). Its last column is how long the page's long tasks
 * lasted and how much of that the renderer's main thread ran (./traceTasks.ts): 29 Nov on this host,
 * 426 ms against 159 ms on /, so most of the TBT Lighthouse reports (it multiplies wall time by four)
 * was the thread waiting for one of the two cores, which the gateway, Chrome's other processes and
 * Lighthouse itself share with it; that is the CPU its breakdown calls "Unattributable". The vitals section stays for what Lighthouse does not
 * measure (INP of interactions, repeat visits).
 */
import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import * as chromeLauncher from "chrome-launcher"
import lighthouse, { type Flags, type Result } from "lighthouse"
import { computeMedianRun } from "lighthouse/core/lib/median-run.js"
import { ensureBenchBuild } from "./bundleSizes.ts"
import { PUBLIC_PAGES, seededDoctorId, startGatewayProcess } from "./gatewayProcess.ts"
import { printTable, verdict } from "./report.ts"
import { longTaskTimes, type LongTaskTimes } from "./traceTasks.ts"

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
// "simulate" is Lighthouse's default; "devtools" throttles the real load (to compare the two).
const THROTTLING = (process.env.BENCH_LIGHTHOUSE_THROTTLING ?? "simulate") as "simulate" | "devtools"
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const
// Scores are "higher is better": held against a minimum. Metrics are held against a maximum.
const MIN_SCORE: Record<(typeof CATEGORIES)[number], number> = { performance: 0.95, accessibility: 1, "best-practices": 1, seo: 1 }
const BUDGET = { fcp: 1500, lcp: 2000, tbt: 150, cls: 0.05 }
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]

/**
 * One Lighthouse run of a URL in the launched Chrome. A run whose trace failed (NO_NAVSTART and the
 * like, seen on a busy host) is run again, as Lighthouse's message asks, twice at most.
 */
async function audit(port: number, url: string): Promise<{ lhr: Result; longTasks: LongTaskTimes }> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], throttlingMethod: THROTTLING }
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags)
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const failure = result.lhr.runtimeError
    if (!failure) return { lhr: result.lhr, longTasks: longTaskTimes(result.artifacts.Trace) }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${failure.message}`)
    console.error(`Lighthouse failed on ${url} (${failure.code}), running it again`)
  }
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
const score = (lhr: Result, category: string) => lhr.categories[category]?.score ?? Number.NaN
const atLeast = (value: number, minimum: number) => verdict(-value, -minimum)

/**
 * What to fix: the failing checks of accessibility, best practices and SEO (those of weight 0 do not
 * move the score, but Lighthouse still flags them), then the performance audits of most estimated savings.
 */
function findings(lhr: Result): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = []
  // Milliseconds only: CLS savings are a shift score, not time.
  const savings = (id: string) => {
    const saved = lhr.audits[id]!.metricSavings ?? {}
    return (saved.FCP ?? 0) + (saved.LCP ?? 0) + (saved.TBT ?? 0)
  }
  for (const category of CATEGORIES) {
    const performance = category === "performance"
    const failing = (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.group !== "metrics")
      .filter((ref) => {
        const value = lhr.audits[ref.id]!.score
        return value !== null && value < (performance ? 0.9 : 1)
      })
    if (performance) failing.sort((a, b) => savings(b.id) - savings(a.id))
    for (const ref of performance ? failing.slice(0, 6) : failing) {
      const a = lhr.audits[ref.id]!
      const saved = savings(ref.id) > 0 ? `saves ~${Math.round(savings(ref.id))} ms` : ""
      const notScored = !performance && ref.weight === 0 ? "(not scored)" : ""
      rows.push([category, ref.id, [a.displayValue ?? a.title, saved, notScored].filter(Boolean).join(", ")])
    }
  }
  return rows
}

/**
 * Lighthouse 13 (default mobile preset: simulated Slow 4G, 4x CPU) on the production build's
 * public pages; each figure is from the median run of RUNS (Lighthouse's own median choice).
 */
export async function lighthouseSection(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-lighthouse-"))
  const gateway = await startGatewayProcess({ port: 8293, dataDir, staticDir: ensureBenchBuild() })
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS })
  try {
    const doctorId = await seededDoctorId(gateway.origin)
    const scores: Array<Array<string | number>> = []
    const metrics: Array<Array<string | number>> = []
    const toFix: Array<Array<string>> = []
    let version = ""
    for (const page of PUBLIC_PAGES) {
      const runs: Array<{ lhr: Result; longTasks: LongTaskTimes }> = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${gateway.origin}${page.replace("{id}", doctorId)}`))
      const lhr = computeMedianRun(runs.map((run) => run.lhr))
      const longTasks = runs.find((run) => run.lhr === lhr)!.longTasks
      version = lhr.lighthouseVersion
      scores.push([page, ...CATEGORIES.flatMap((c) => [score(lhr, c), atLeast(score(lhr, c), MIN_SCORE[c])])])
      const [fcp, lcp, tbt, cls] = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"].map((id) =>
        metric(lhr, id),
      )
      // The LCP of the load Lighthouse watched: with "simulate", the unthrottled load on localhost the simulation starts from.
      const observed = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0]?.observedLargestContentfulPaint
      metrics.push([
        page,
        Math.round(fcp!),
        verdict(fcp!, BUDGET.fcp),
        Math.round(lcp!),
        verdict(lcp!, BUDGET.lcp),
        Math.round(tbt!),
        verdict(tbt!, BUDGET.tbt),
        Number(cls!.toFixed(3)),
        verdict(cls!, BUDGET.cls),
        observed === undefined ? "—" : Math.round(observed),
        // Lighthouse's own measure of this machine's speed: a busy host inflates every simulated CPU time.
        Math.round(lhr.environment.benchmarkIndex),
        `${longTasks.wallMs} / ${longTasks.cpuMs}`,
      ])
      for (const row of findings(lhr)) toFix.push([page, ...row])
    }
    const how = `${THROTTLING === "simulate" ? "simulated" : "devtools-throttled"} Slow 4G + 4x CPU, median of ${RUNS}`
    const minimums = CATEGORIES.flatMap((c) => [`${c} ≥ ${MIN_SCORE[c]}`, ""])
    printTable(`Lighthouse ${version} scores, mobile (${how})`, ["page", ...minimums], scores)
    printTable(
      `Lighthouse metrics, mobile (${how})`,
      [
        "page",
        `FCP ms ≤ ${BUDGET.fcp}`,
        "",
        `LCP ms ≤ ${BUDGET.lcp}`,
        "",
        `TBT ms ≤ ${BUDGET.tbt}`,
        "",
        `CLS ≤ ${BUDGET.cls}`,
        "",
        THROTTLING === "simulate" ? "LCP unthrottled ms" : "LCP observed ms",
        "host benchmarkIndex",
        "tasks over 12.5 ms (50 at 4x): wall / on CPU ms",
      ],
      metrics,
    )
    printTable(
      "Lighthouse findings (failing checks; performance: the audits with the largest estimated savings)",
      ["page", "category", "audit", "detail"],
      toFix,
    )
  } finally {
    chrome.kill()
    await gateway.stop()
  }
}
