import { randomUUID } from "node:crypto"
import { drizzle } from "drizzle-orm/node-postgres"
import { sql } from "drizzle-orm"
import pg from "pg"
import { createSession } from "../../../server/auth/sessions.ts"
import { BOOKING_LIMITS } from "../../../schemas/limits.ts"
import type { Db } from "../../../server/db/client.ts"
import * as schema from "../../../server/db/schema.ts"
import type { PatientId } from "../../../schemas/ids.ts"

/** The suite's own connection to the database (through HAProxy): for making patients and for the checks in SQL. */
export function openSuiteDb(url: string): { db: Db; rows: <T>(query: ReturnType<typeof sql>) => Promise<T[]>; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 3_000 })
  // The faults cut this pool's connections too: heard, and the next query opens another.
  pool.on("error", () => {})
  pool.on("connect", (client) => client.on("error", () => {}))
  const db = drizzle({ client: pool, schema }) as unknown as Db
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows
  return { db, rows, close: () => pool.end() }
}

/** Retries a suite query while the database is coming back (after a fault, the first may meet a closed connection). */
export async function retrying<T>(work: () => Promise<T>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      return await work()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

export interface Patient {
  readonly patientId: PatientId
  readonly token: string
  readonly phone: string
}

/**
 * Patients of their own, made in SQL with a session each, who want SMS and email reminders (so the
 * reminder jobs made due during a fault really send).
 */
let patientsMade = 0
export async function makePatients(db: Db, count: number, tag: string): Promise<Patient[]> {
  // One number per patient of the run: the SMS outbox is judged by number and text.
  const phones = Array.from({ length: count }, () => `+22177${String(10_000_000 + patientsMade++).slice(1)}`)
  const created = await db
    .insert(schema.users)
    .values(
      phones.map((phone, i) => ({
        email: `${tag}.${i}@faults.promed.sn`,
        passwordHash: "scrypt$unused",
        role: "PATIENT" as const,
        firstName: "Awa",
        lastName: tag,
        phoneNumber: phone,
      })),
    )
    .returning({ id: schema.users.id })
  const patients = await db
    .insert(schema.patients)
    .values(created.map((user) => ({ userId: user.id, preferredNotificationMethods: ["SMS", "EMAIL"] })))
    .returning({ id: schema.patients.id, userId: schema.patients.userId })
  await db.insert(schema.patientSettings).values(patients.map((p) => ({ patientId: p.id, reminders: true, appLanguage: "FR" })))
  return Promise.all(patients.map(async (p, i) => ({ patientId: p.id, phone: phones[i]!, token: (await createSession(db, p.userId, 3600_000)).token })))
}

export interface Slot {
  readonly id: string
  readonly doctorId: string
  readonly at: string
}

/**
 * `count` free slots some days ahead (past the 24 h cancel window), at random, of doctors booked
 * directly: not those who ask a deposit (issue 40: their bookings go through POST /payments).
 */
export async function freeSlots(rows: ReturnType<typeof openSuiteDb>["rows"], count: number): Promise<Slot[]> {
  return rows<Slot>(sql`
    SELECT id, doctor_id AS "doctorId", to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
    FROM time_slots s
    WHERE status = 'AVAILABLE' AND starts_at > now() + interval '3 days'
      AND NOT EXISTS (SELECT 1 FROM doctor_settings ds WHERE ds.doctor_id = s.doctor_id AND ds.deposit_for <> 'NONE')
    ORDER BY random() LIMIT ${count}`)
}

/** One try of a booking: what the client was told, or that no answer came. */
export interface Attempt {
  readonly at: number
  readonly gateway: string
  readonly status?: number
  readonly code?: string
  readonly retryAfter?: string | null
  readonly contentType?: string | null
  /** No answer: the socket's error code (ECONNREFUSED: nothing was sent). */
  readonly failure?: string
}

/**
 * What each patient has tried to book so far in the run, counted when tried (a booking whose answer
 * never came may exist): the storm stays within BOOKING_LIMITS, so that every refusal it meets is a
 * fault's, never the limits' (one booking per doctor, fewer than the account's limit in all).
 */
const tried = new Map<string, { count: number; doctors: Set<string> }>()
export function patientFor(patients: ReadonlyArray<Patient>, doctorId: string): Patient | undefined {
  const patient = patients.find((p) => {
    const usage = tried.get(p.patientId)
    return !usage || (usage.count < BOOKING_LIMITS.perAccount && !usage.doctors.has(doctorId))
  })
  if (!patient) return undefined
  const usage = tried.get(patient.patientId) ?? { count: 0, doctors: new Set<string>() }
  usage.count += 1
  usage.doctors.add(doctorId)
  tried.set(patient.patientId, usage)
  return patient
}

/** One booking a patient wants, and how it ended. */
export interface Intent {
  readonly key: string
  readonly patient: Patient
  readonly slot: Slot
  readonly attempts: Attempt[]
  outcome?: "booked" | "taken" | "refused" | "gave-up"
  appointmentId?: string
}

export interface StormOptions {
  /** The gateways to book through, read at each attempt: a test may replace one. */
  readonly targets: () => ReadonlyArray<string>
  /** Who books: each patient within the booking limits (issue 38), across every storm of the run. */
  readonly patients: ReadonlyArray<Patient>
  /** Clients booking at once (16). */
  readonly clients?: number
  readonly slots: ReadonlyArray<Slot>
  /** Pause of each client between two bookings. */
  readonly pauseMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Patients booking free slots through two gateways as a load balancer would send them: a connection
 * refused (nothing sent) goes straight to the other gateway; an answer-less failure (the booking
 * may or may not have been made) and a 503 are tried again with the SAME Idempotency-Key, after a
 * short wait, until a final answer. Every try is recorded.
 */
export class BookingStorm {
  readonly intents: Intent[] = []
  #stopping = false
  #giveUpAt = Number.POSITIVE_INFINITY
  readonly #clients: Promise<void>[]

  constructor(private readonly options: StormOptions) {
    this.#clients = Array.from({ length: options.clients ?? 16 }, (_, i) => this.#client(i))
  }

  /** Ends the storm: clients begin no new booking, and those under way are tried until a final answer, for `ms` at most. */
  async stop(ms = 30_000): Promise<void> {
    this.#stopping = true
    this.#giveUpAt = Date.now() + ms
    await Promise.all(this.#clients)
  }

  async #client(index: number): Promise<void> {
    let turn = index
    while (!this.#stopping) {
      const slot = this.options.slots[Math.floor(Math.random() * this.options.slots.length)]!
      const patient = patientFor(this.options.patients, slot.doctorId)
      if (!patient) throw new Error("the storm ran out of patients within the booking limits: make more")
      const intent: Intent = { key: randomUUID(), patient, slot, attempts: [] }
      this.intents.push(intent)
      await this.#book(intent, turn++)
      await sleep(this.options.pauseMs ?? 100)
    }
  }

  async #book(intent: Intent, turn: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > this.#giveUpAt) return void (intent.outcome = "gave-up")
      const targets = this.options.targets()
      const gateway = targets[(turn + attempt) % targets.length]!
      const at = Date.now()
      let response: Response
      try {
        response = await fetch(`${gateway}/api/v1/appointments`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${intent.patient.token}`, "Idempotency-Key": intent.key },
          body: JSON.stringify({
            doctorId: intent.slot.doctorId,
            patientId: intent.patient.patientId,
            timeSlotId: intent.slot.id,
            appointmentTime: intent.slot.at,
            appointmentType: "CLINIC",
            reason: "Douleurs au genou depuis une semaine",
          }),
          signal: AbortSignal.timeout(20_000),
        })
      } catch (error) {
        const failure = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name)
        intent.attempts.push({ at, gateway, failure })
        if (failure !== "ECONNREFUSED") await sleep(200)
        continue
      }
      const text = await response.text().catch(() => "")
      let body: { code?: string; id?: string } = {}
      try {
        body = JSON.parse(text) as typeof body
      } catch {
        // Not JSON: the check says so (every answer of the API is).
      }
      intent.attempts.push({
        at,
        gateway,
        status: response.status,
        ...(body.code ? { code: body.code } : {}),
        retryAfter: response.headers.get("retry-after"),
        contentType: response.headers.get("content-type"),
      })
      if (response.status === 201) {
        intent.outcome = "booked"
        if (body.id) intent.appointmentId = body.id
        return
      }
      if (response.status === 503) {
        await sleep(200)
        continue
      }
      intent.outcome = response.status === 409 && body.code === "TIME_SLOT_ALREADY_BOOKED" ? "taken" : "refused"
      return
    }
  }
}

/** Public reads, over and over, of what a patient would look at: two doctors' profiles (answered before the fault, so cached) and one never read. */
export class ReadLoad {
  readonly answers: Array<{ at: number; path: string; status?: number; stale: boolean; failure?: string }> = []
  #stopping = false
  readonly #loops: Promise<void>[]

  constructor(targets: () => ReadonlyArray<string>, paths: ReadonlyArray<string>) {
    this.#loops = paths.map(async (path, i) => {
      for (let n = i; !this.#stopping; n++) {
        const list = targets()
        const at = Date.now()
        try {
          const response = await fetch(`${list[n % list.length]}${path}`, { signal: AbortSignal.timeout(10_000) })
          await response.arrayBuffer()
          this.answers.push({ at, path, status: response.status, stale: response.headers.get("warning")?.startsWith("110") ?? false })
        } catch (error) {
          this.answers.push({ at, path, stale: false, failure: String((error as { cause?: { code?: string } }).cause?.code ?? error) })
        }
        await sleep(50)
      }
    })
  }

  async stop(): Promise<void> {
    this.#stopping = true
    await Promise.all(this.#loops)
  }
}
