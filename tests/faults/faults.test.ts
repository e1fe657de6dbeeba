/**
 * Issue 37's fault suite, on real PostgreSQL: a booking storm through two gateways while the
 * database restarts, stops for 10 s, fails over to its standby, and while one gateway is stopped
 * with SIGTERM and the other killed with -9. The gateways reach the database through HAProxy (the
 * production topology, README "Operating it"), on clusters of the suite's own (ports 5544-5546):
 * the database of the other suites is never touched. After each fault, tests/faults/support/checks.ts
 * judges what the clients were told against what SQL holds.
 */
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { judge, makeRemindersDue, unfinishedReminders } from "./support/checks.ts"
import { GatewayProcess, readiness } from "./support/gateway.ts"
import { canMakeClusters, Cluster, HaProxy, waitUntil } from "./support/postgres.ts"
import { BookingStorm, freeSlots, makePatients, openSuiteDb, patientFor, ReadLoad, retrying, type Patient, type Slot } from "./support/storm.ts"

const PORTS = { primary: 5544, standby: 5545, proxy: 5546, gateways: [8571, 8572, 8573, 8574] }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sqlDoctors = sql`SELECT id FROM doctors ORDER BY id LIMIT 2`

let primary: Cluster
let standby: Cluster
let proxy: HaProxy
let folder: string
let dataDir: string
let suite: ReturnType<typeof openSuiteDb>
let gateways: GatewayProcess[] = []
let patients: Patient[]
let afterwards: Patient[]

const startGateway = (name: string, port: number, env: Record<string, string> = {}) =>
  GatewayProcess.start(name, { port, databaseUrl: proxy.url(), dataDir, env })
const targets = () => gateways.filter((g) => g.alive).map((g) => g.origin)

/** A storm of `seconds` around `fault`, which runs `after` ms into it; then every booking is tried until it has a final answer. */
async function stormAround(fault: () => Promise<void>, { before = 3_000, after = 5_000, spare = [] as string[] } = {}) {
  // The doctors in `spare` are not booked: what is cached about them stays cached.
  const slots: Slot[] = (await retrying(() => freeSlots(suite.rows, 1_200))).filter((slot) => !spare.includes(slot.doctorId))
  const storm = new BookingStorm({ targets: () => gateways.map((g) => g.origin), patients, slots, pauseMs: 150 })
  await sleep(before)
  await fault()
  await sleep(after)
  await storm.stop(40_000)
  return storm
}

beforeAll(async () => {
  if (!canMakeClusters()) return
  folder = mkdtempSync(path.join(os.tmpdir(), "promed-faults-"))
  dataDir = path.join(folder, "data")
  primary = await Cluster.createPrimary("promed_faults", PORTS.primary)
  standby = await Cluster.createStandby("promed_faults_standby", PORTS.standby, primary)
  await primary.requireSynchronousStandby()
  proxy = new HaProxy(PORTS.proxy, [primary, standby], folder)
  await proxy.start()
  // The first gateway migrates and seeds the empty database; the second finds it done.
  gateways = [await startGateway("gateway A", PORTS.gateways[0]!)]
  gateways.push(await startGateway("gateway B", PORTS.gateways[1]!))
  suite = openSuiteDb(proxy.url())
  // Within the booking limits (issue 38), each patient books at most once per doctor and fewer than ten in all: enough for four storms.
  patients = await makePatients(suite.db, 600, "storm")
  afterwards = await makePatients(suite.db, 6, "after")
}, 240_000)

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.kill()))
  await suite?.close()
  await proxy?.stop()
  await standby?.dropIfThere()
  await primary?.dropIfThere()
  if (folder) rmSync(folder, { recursive: true, force: true })
}, 120_000)

const judged = async (storm: BookingStorm, extra: { killed?: string; drained?: string } = {}) => {
  const problems = await judge({ storm, suite, gateways, afterwards, dataDir, ...extra })
  if (problems.length > 0) for (const g of gateways) console.log(`--- ${g.name}\n${g.logTail(30)}`)
  return problems
}

describe.runIf(canMakeClusters())("a booking storm through two gateways on PostgreSQL behind HAProxy", () => {
  it("(a) PostgreSQL restarts: no gateway dies, every error is a 503, nothing acknowledged is lost or doubled, reminders go once", async () => {
    const storm = await stormAround(async () => {
      expect(await makeRemindersDue(suite)).toBeGreaterThan(0)
      await primary.ctl("restart")
    })
    expect(await judged(storm)).toEqual([])
    await waitUntil(async () => (await unfinishedReminders(suite)) === 0, 30_000, "every due reminder to be sent")
  })

  it("(b) PostgreSQL stops for 10 s: /readyz says so, cached public reads answer stale, the rest 503, never 500; then all recovers", async () => {
    const doctorIds = (await suite.rows<{ id: string }>(sqlDoctors)).map((d) => d.id)
    const cached = `/api/v1/doctors/${doctorIds[0]}`
    const neverRead = `/api/v1/doctors/${doctorIds[1]}`
    let reads: ReadLoad | undefined
    const during: Array<Awaited<ReturnType<typeof readiness>>> = []
    let down = 0
    let up = 0
    const storm = await stormAround(
      async () => {
        await makeRemindersDue(suite)
        // Read through each gateway just before the fault: they hold it (no booking of that doctor drops it).
        for (const origin of targets()) expect((await fetch(`${origin}${cached}`)).status).toBe(200)
        await primary.ctl("stop")
        down = Date.now()
        reads = new ReadLoad(targets, [cached, neverRead, cached])
        for (let i = 0; i < 10; i++) {
          for (const origin of targets()) during.push(await readiness(origin))
          await sleep(1_000)
        }
        // The outage ends when the start begins: PostgreSQL answers before pg_ctlcluster returns.
        up = Date.now()
        await primary.ctl("start")
      },
      { spare: doctorIds },
    )
    await reads!.stop()
    expect(await judged(storm)).toEqual([])
    // While it was down: /readyz 503 naming the database, and no read answered 500.
    const readyDuring = during.filter((r) => "status" in r)
    expect(readyDuring.some((r) => r.status === 503 && r.body?.checks.database === "unreachable")).toBe(true)
    expect(readyDuring.every((r) => r.status === 200 || r.status === 503)).toBe(true)
    const outage = reads!.answers.filter((a) => a.at > down + 500 && a.at < up)
    expect(outage.filter((a) => a.status === undefined || (a.status !== 200 && a.status !== 503))).toEqual([])
    expect(outage.some((a) => a.path === cached && a.status === 200 && a.stale)).toBe(true)
    expect(outage.filter((a) => a.path === neverRead && a.status === 200 && !a.stale)).toEqual([])
    expect(outage.some((a) => a.path === neverRead && a.status === 503)).toBe(true)
    await waitUntil(async () => (await unfinishedReminders(suite)) === 0, 30_000, "every due reminder to be sent")
  })

  it("(c) one gateway stopped with SIGTERM answers every request it took and exits 0; the other killed with -9 loses nothing, its jobs taken again within 30 s", async () => {
    let drainedCode: number | null = null
    let killedAt = 0
    const [a, b] = gateways as [GatewayProcess, GatewayProcess]
    const storm = await stormAround(
      async () => {
        expect(await makeRemindersDue(suite)).toBeGreaterThan(0)
        a.signal("SIGTERM")
        drainedCode = await a.exited
        // A rolling restart: its replacement comes up while the storm goes on.
        gateways = [b, await startGateway("gateway A2", PORTS.gateways[2]!)]
        await makeRemindersDue(suite)
        b.signal("SIGKILL")
        killedAt = Date.now()
        await b.exited
        gateways = [gateways[1]!, await startGateway("gateway B2", PORTS.gateways[3]!)]
      },
      { after: 3_000 },
    )
    expect(drainedCode).toBe(0)
    expect(await judged(storm, { killed: b.origin, drained: a.origin })).toEqual([])
    // What the killed worker held runs out within 15 s and is taken at the next poll.
    await waitUntil(
      async () => (await unfinishedReminders(suite)) === 0,
      Math.max(1_000, killedAt + 30_000 - Date.now()),
      "the killed worker's jobs to be taken again",
    )
  })

  it("(d) the standby is promoted after the primary crashes: the gateways follow through HAProxy, nothing acknowledged is lost (synchronous commit), the caches are read again", async () => {
    const storm = await stormAround(async () => {
      await makeRemindersDue(suite)
      await primary.ctl("stop", "-m", "immediate")
      await standby.ctl("promote")
    })
    expect(await judged(storm)).toEqual([])
    // Re-synchronised: a slot booked through one gateway is gone at once from the other's answer, which held it.
    const [first, second] = gateways as [GatewayProcess, GatewayProcess]
    const [slot] = await freeSlots(suite.rows, 1)
    const day = `${second.origin}/api/v1/doctor-availability/${slot!.doctorId}/available-time-slots/date/${slot!.at.slice(0, 10)}`
    const freeIn = async () => ((await (await fetch(day)).json()) as Array<{ id: string }>).map((s) => s.id)
    expect(await freeIn()).toContain(slot!.id)
    const late = patientFor(afterwards, slot!.doctorId)!
    const booked = await fetch(`${first.origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${late.token}` },
      body: JSON.stringify({
        doctorId: slot!.doctorId,
        patientId: late.patientId,
        timeSlotId: slot!.id,
        appointmentTime: slot!.at,
        appointmentType: "CLINIC",
        reason: "Contrôle après la bascule",
      }),
    })
    expect(booked.status).toBe(201)
    expect(await freeIn()).not.toContain(slot!.id)
    await waitUntil(async () => (await unfinishedReminders(suite)) === 0, 30_000, "every due reminder to be sent")
  })
})

// A skip hidden in a green run is a defect: without root and Debian's PostgreSQL, the suite says so and fails under CI
// (defined only then, so that a run that made its clusters shows no skipped test).
if (!canMakeClusters()) {
  describe("the fault suite", () => {
    it("NOT RUN: it needs root and Debian's PostgreSQL to make clusters of its own (CI has both)", () => {
      expect(process.env.CI).toBeUndefined()
    })
  })
}
