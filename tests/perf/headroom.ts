import { execFileSync, execSync } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync } from "node:fs"
import path from "node:path"
import pg from "pg"
import { postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { startGatewayProcess, tokenFor, type RunningGateway } from "./gatewayProcess.ts"
import { loadTest, type LoadRequest, type LoadResult } from "./load.ts"
import { printTable } from "./report.ts"
import { bookingOf, loadFixtures, profileRequests, searchRequests, weekSlotRequests, type Fixtures } from "./workload.ts"

/** The two countries' peak a second (issue 39): reads (searches, profiles, weeks of slots) and bookings. */
const PEAK = { reads: 500, bookings: 5 } as const
const PEAK_PER_SECOND = PEAK.reads + PEAK.bookings
/** A mixed load is served while its p95 stays under this, with no error. */
const P95_LIMIT_MS = 200
/** Issue 39's goal: the highest mixed load served, divided by the peak, with one gateway on this machine. */
const HEADROOM_GOAL = 10
const DOCTORS = Number(process.env.BENCH_HEADROOM_DOCTORS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** The connections of each step of the mixed load: the load rises until p95 passes the limit. */
const STEPS = (process.env.BENCH_HEADROOM_STEPS ?? "8,32,64,128,256").split(",").map(Number)
const READ_CONNECTIONS = 50
/** Patients the mixed load books as, each under issue 38's limits (10 bookings an account): made in the bench database. */
const BENCH_PATIENTS = 300
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 8310)

interface Version {
  readonly name: string
  /** The compiled server; undefined for this tree's (gatewayProcess builds it). */
  readonly server?: string
  readonly databaseUrl: string
  fixtures?: Fixtures
  bookers?: ReadonlyArray<{ patientId: string; token: string }>
  readonly memory: { started: number[]; after: number[] }
}

/**
 * Search on PostgreSQL against the version before (issue 39), side by side in one run:
 * `BENCH_BEFORE=<git ref> npm run bench -- headroom` builds that commit's server and seeds it a
 * database of its own with its own migrations (both kept between runs), then measures both at
 * 100,000 doctors, turn by turn so that a neighbour's load falls on both alike. Without
 * BENCH_BEFORE, this tree alone. Per version: the throughput and p95 of a search, a profile and a
 * week of slots at 50 connections, as served (the read cache on) and cache off; the headroom, the
 * highest mixed load (reads and bookings in the peak's proportions) served at p95 under 200 ms,
 * divided by the peak; and the gateway's resident memory.
 */
export async function headroomSection(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log("\nHeadroom: NOT RUN (no PostgreSQL; set BENCH_DATABASE_URL)")
    return
  }
  const versions: Version[] = []
  const before = process.env.BENCH_BEFORE
  if (before) {
    const built = buildVersion(before)
    versions.push({ name: `before (${built.tag})`, server: built.server, databaseUrl: await seededBenchDatabase(DOCTORS, 1, built), memory: emptyMemory() })
  }
  versions.push({ name: "this tree", databaseUrl: await seededBenchDatabase(DOCTORS, 1), memory: emptyMemory() })
  for (const version of versions) await parkSlotTopUp(version.databaseUrl)

  const reads: LoadResult[][] = versions.map(() => [])
  const mixed: Array<Array<{ served: string; steps: LoadResult[] }>> = versions.map(() => [])
  for (const { served, readCacheMs } of [
    { served: "as served", readCacheMs: undefined },
    { served: "cache off", readCacheMs: 0 },
  ]) {
    const gateways: RunningGateway[] = []
    try {
      for (const [i, version] of versions.entries()) {
        gateways.push(
          await startGatewayProcess({
            port: FIRST_PORT + i,
            databaseUrl: version.databaseUrl,
            readCacheMs,
            ...(version.server ? { server: version.server } : {}),
          }),
        )
        version.memory.started.push(gateways[i]!.rssMb())
        version.fixtures ??= await loadFixtures(version.databaseUrl, 20_000)
        version.bookers ??= await benchBookers(version.databaseUrl, gateways[i]!.origin)
      }
      for (const gateway of gateways) {
        await loadTest({ origin: gateway.origin, connections: READ_CONNECTIONS, seconds: 2, name: "warm-up", next: searchRequests() })
      }
      const calls = (version: Version) => [
        { name: "doctor search", next: searchRequests() },
        { name: "doctor profile", next: profileRequests(version.fixtures!) },
        { name: "slots of one week", next: weekSlotRequests(version.fixtures!) },
      ]
      // Turn by turn: each call on every version before the next call.
      for (let c = 0; c < 3; c++) {
        for (const [i, version] of versions.entries()) {
          const call = calls(version)[c]!
          const result = await loadTest({ origin: gateways[i]!.origin, connections: READ_CONNECTIONS, seconds: SECONDS, ...call })
          reads[i]!.push({ ...result, name: `${call.name}, ${served}` })
        }
      }
      const steps: LoadResult[][] = versions.map(() => [])
      for (const connections of STEPS) {
        for (const [i, version] of versions.entries()) {
          const result = await loadTest({
            origin: gateways[i]!.origin,
            connections,
            seconds: SECONDS,
            name: `mixed, ${connections} connections`,
            next: mixedLoad(version),
            expectStatus: [200, 201],
          })
          steps[i]!.push(result)
          await releaseBenchBookings(version.databaseUrl)
        }
      }
      for (const [i, version] of versions.entries()) {
        mixed[i]!.push({ served, steps: steps[i]! })
        version.memory.after.push(gateways[i]!.rssMb())
      }
    } finally {
      await Promise.all(gateways.map((g) => g.stop()))
      for (const version of versions) await releaseBenchBookings(version.databaseUrl)
    }
  }

  const dozens = DOCTORS.toLocaleString("en")
  printTable(
    `Reads at ${READ_CONNECTIONS} connections (PostgreSQL, ${dozens} doctors, ${SECONDS} s each, compiled server)`,
    ["version", "call", "req/s", "p50 ms", "p95 ms", "errors"],
    versions.flatMap((version, i) => reads[i]!.map((r) => [version.name, r.name, Math.round(r.rps), r.p50, r.p95, r.errors])),
  )
  printTable(
    `Mixed load: reads and bookings ${PEAK.reads}:${PEAK.bookings} (search, profile and week alike), ${SECONDS} s a step`,
    [
      "version",
      "served",
      ...STEPS.map((n) => `${n} conn. req/s / p95`),
      `most served at p95 < ${P95_LIMIT_MS} ms`,
      `headroom (÷ ${PEAK_PER_SECOND}/s)`,
      `goal ≥ ${HEADROOM_GOAL}`,
    ],
    versions.flatMap((version, i) =>
      mixed[i]!.map(({ served, steps }) => {
        const best = Math.max(0, ...steps.filter((r) => r.p95 < P95_LIMIT_MS && r.errors === 0).map((r) => r.rps))
        const headroom = best / PEAK_PER_SECOND
        return [
          version.name,
          served,
          ...steps.map((r) => `${Math.round(r.rps)} / ${r.p95.toFixed(1)}${r.errors > 0 ? ` (${r.errors} errors)` : ""}`),
          Math.round(best),
          +headroom.toFixed(1),
          headroom >= HEADROOM_GOAL ? "ok" : "UNDER",
        ]
      }),
    ),
  )
  printTable(
    `Gateway memory at ${dozens} doctors (resident, MB)`,
    ["version", "started, as served / cache off", "after the runs, as served / cache off"],
    versions.map((v) => [v.name, v.memory.started.map(Math.round).join(" / "), v.memory.after.map(Math.round).join(" / ")]),
  )
}

const emptyMemory = () => ({ started: [] as number[], after: [] as number[] })

/**
 * Another commit's tree (`git archive`) and its compiled server, kept in .tmp/bench/ between runs;
 * it runs on this tree's node_modules.
 */
function buildVersion(ref: string): { tag: string; cwd: string; server: string } {
  const sha = execFileSync("git", ["rev-parse", "--short=7", `${ref}^{commit}`], { encoding: "utf8" }).trim()
  const root = path.resolve(`.tmp/bench/version-${sha}`)
  const cwd = path.join(root, "tree")
  const server = path.join(root, "server", "main.js")
  if (!existsSync(server)) {
    mkdirSync(cwd, { recursive: true })
    execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(cwd)}`)
    if (!existsSync(path.join(cwd, "node_modules"))) symlinkSync(path.resolve("node_modules"), path.join(cwd, "node_modules"))
    console.log(`Compiling the server of ${sha}…`)
    execFileSync("npx", ["tsx", "scripts/buildServer.ts", path.dirname(server)], { cwd, stdio: ["ignore", "ignore", "inherit"] })
  }
  return { tag: sha, cwd, server }
}

/**
 * Patients to book as, each signed in: copies of the demo patient2 (same password) made once in
 * the bench database, so that a load of thousands of bookings stays under issue 38's limits of
 * one account (10 at once, 2 with a doctor) as the two countries' many patients do.
 */
async function benchBookers(databaseUrl: string, origin: string): Promise<Array<{ patientId: string; token: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let rows: Array<{ email: string; patient_id: string }>
  try {
    // Every column of the demo patient's rows, with an id and an address of their own.
    await client.query(
      `INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object(
         'id', gen_random_uuid(), 'email', 'bench.patient.' || n || '@bench.promed.sn', 'phone_number', NULL))).*
       FROM users u, generate_series(1, $1) AS n
       WHERE u.email = 'patient2@demo.sn' AND NOT EXISTS (SELECT 1 FROM users b WHERE b.email = 'bench.patient.' || n || '@bench.promed.sn')`,
      [BENCH_PATIENTS],
    )
    await client.query(
      `INSERT INTO patients SELECT (jsonb_populate_record(NULL::patients, to_jsonb(p) || jsonb_build_object('id', gen_random_uuid(), 'user_id', b.id))).*
       FROM patients p JOIN users u ON u.id = p.user_id AND u.email = 'patient2@demo.sn', users b
       WHERE b.email LIKE 'bench.patient.%@bench.promed.sn' AND NOT EXISTS (SELECT 1 FROM patients q WHERE q.user_id = b.id)`,
    )
    rows = (
      await client.query<{ email: string; patient_id: string }>(
        `SELECT u.email, p.id AS patient_id FROM users u JOIN patients p ON p.user_id = u.id WHERE u.email LIKE 'bench.patient.%@bench.promed.sn' ORDER BY u.email`,
      )
    ).rows
  } finally {
    await client.end()
  }
  const bookers: Array<{ patientId: string; token: string }> = []
  for (const row of rows) bookers.push({ patientId: row.patient_id, token: await tokenFor(origin, row.email) })
  return bookers
}

/** Searches, profiles and weeks in turn, and a booking in every 101 requests (5 to 500), each of another free slot, by the bench patients in turn. */
function mixedLoad(version: Version): () => LoadRequest {
  const reads = [searchRequests(), profileRequests(version.fixtures!), weekSlotRequests(version.fixtures!)]
  const slots = version.fixtures!.freeSlots
  const bookers = version.bookers!
  let i = 0
  let booked = 0
  return () => {
    i++
    if (i % (PEAK_PER_SECOND / PEAK.bookings) !== 0) return reads[i % reads.length]!()
    const slot = slots[booked % slots.length]!
    const booker = bookers[booked++ % bookers.length]!
    return { ...bookingOf(slot, booker.patientId), token: booker.token }
  }
}

/**
 * One week of slots and no more, with the slot job finding nothing to do: at each start a gateway
 * plans every schedule that stops short of four weeks (server/scheduling/slotTopUp.ts), which at
 * 100,000 doctors seeded with one week is some 9 million rows, half an hour of inserts on this
 * machine under the very reads measured. Each doctor gets one cancelled slot (never free, never
 * shown) on the horizon's last date, which tells the job the schedule is planned; whatever a start
 * added beyond the seeded week is taken out first, so both versions read the same rows.
 */
async function parkSlotTopUp(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query(
      "DELETE FROM time_slots WHERE slot_date > current_date + 7 AND slot_date < current_date + 27 AND status = 'AVAILABLE'",
    )
    const parked = await client.query(
      `INSERT INTO time_slots SELECT (jsonb_populate_record(NULL::time_slots, to_jsonb(t) || jsonb_build_object(
         'id', gen_random_uuid(), 'status', 'CANCELLED', 'held_by', NULL, 'held_until', NULL,
         'slot_date', current_date + 27, 'starts_at', t.starts_at + (current_date + 27 - t.slot_date) * interval '1 day'))).*
       FROM (SELECT DISTINCT ON (doctor_id) * FROM time_slots ORDER BY doctor_id, starts_at) t
       WHERE NOT EXISTS (SELECT 1 FROM time_slots p WHERE p.doctor_id = t.doctor_id AND p.slot_date >= current_date + 27)`,
    )
    if ((rowCount ?? 0) + (parked.rowCount ?? 0) > 0) await client.query("VACUUM (ANALYZE) time_slots")
  } finally {
    await client.end()
  }
}

/** Frees the slots the mixed load booked and vacuums what that left, so the next step starts alike. */
async function releaseBenchBookings(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `UPDATE time_slots SET status = 'AVAILABLE' WHERE id IN (
         SELECT a.time_slot_id FROM appointments a JOIN patients p ON p.id = a.patient_id JOIN users u ON u.id = p.user_id
         WHERE u.email LIKE 'bench.patient.%@bench.promed.sn' AND a.time_slot_id IS NOT NULL)`,
    )
    await client.query(
      `DELETE FROM appointments WHERE patient_id IN (
         SELECT p.id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email LIKE 'bench.patient.%@bench.promed.sn')`,
    )
    await client.query("VACUUM (ANALYZE) time_slots, appointments, jobs, idempotency_keys")
  } finally {
    await client.end()
  }
}
