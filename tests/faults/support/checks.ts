import { sql } from "drizzle-orm"
import { readFileSync, existsSync } from "node:fs"
import path from "node:path"
import { readiness, type GatewayProcess } from "./gateway.ts"
import { freeSlots, patientFor, retrying, type BookingStorm, type Intent, type openSuiteDb, type Patient } from "./storm.ts"

type SuiteDb = ReturnType<typeof openSuiteDb>

export interface Judged {
  readonly storm: BookingStorm
  readonly suite: SuiteDb
  /** The gateways that must be alive and ready now. */
  readonly gateways: ReadonlyArray<GatewayProcess>
  /** The gateway killed with -9, if any: its requests in flight may go unanswered, and are tried again. */
  readonly killed?: string
  /** The gateway stopped with SIGTERM, if any: it refuses new connections, and answers every request it took. */
  readonly drained?: string
  /** Patients who book once more after recovery, through each gateway. */
  readonly afterwards: ReadonlyArray<Patient>
  readonly dataDir: string
}

/** What went wrong, one sentence each; empty when the fault was survived as issue 37 asks. */
export async function judge(j: Judged): Promise<string[]> {
  const problems: string[] = []
  const attempts = j.storm.intents.flatMap((intent) => intent.attempts.map((attempt) => ({ intent, attempt })))

  // Both gateways alive and ready.
  for (const gateway of j.gateways) {
    if (!gateway.alive) problems.push(`${gateway.name} died:\n${gateway.logTail()}`)
    const ready = await readiness(gateway.origin)
    if (!("status" in ready) || ready.status !== 200 || ready.body?.status !== "ready") problems.push(`${gateway.name} is not ready: ${JSON.stringify(ready)}`)
  }

  // Every error answer a 503 with Retry-After and the spec's SERVER_ERROR, in JSON.
  for (const { attempt } of attempts) {
    if (attempt.status === undefined || attempt.status < 500) continue
    if (
      attempt.status !== 503 ||
      attempt.code !== "SERVER_ERROR" ||
      !/^\d+$/.test(attempt.retryAfter ?? "") ||
      !attempt.contentType?.startsWith("application/json")
    )
      problems.push(`an error answer was not an honest outage: ${JSON.stringify(attempt)}`)
  }
  // No answer at all: only from the gateway killed with -9 (its requests in flight), or a refused connection (nothing sent).
  const unanswered = attempts.filter(({ attempt }) => attempt.failure !== undefined && attempt.failure !== "ECONNREFUSED" && attempt.gateway !== j.killed)
  if (unanswered.length > 0) problems.push(`${unanswered.length} requests got no answer: ${JSON.stringify(unanswered.slice(0, 5).map((u) => u.attempt))}`)

  const gaveUp = j.storm.intents.filter((intent) => intent.outcome === "gave-up" || intent.outcome === undefined)
  if (gaveUp.length > 0) problems.push(`${gaveUp.length} bookings had no final answer after the fault: ${JSON.stringify(gaveUp[0]!.attempts.slice(-3))}`)
  const refused = j.storm.intents.filter((intent) => intent.outcome === "refused")
  if (refused.length > 0)
    problems.push(`${refused.length} bookings were refused for another reason than a taken slot: ${JSON.stringify(refused[0]!.attempts.at(-1))}`)

  // In SQL: no slot booked twice, every acknowledged booking there, nobody told "taken" for a booking of their own.
  const doubled = await retrying(() =>
    j.suite.rows<{ slot: string; n: number }>(
      sql`SELECT time_slot_id AS slot, count(*)::int AS n FROM appointments WHERE status <> 'CANCELED' AND time_slot_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1`,
    ),
  )
  if (doubled.length > 0) problems.push(`slots booked twice: ${JSON.stringify(doubled)}`)
  const live = new Map(
    (
      await retrying(() =>
        j.suite.rows<{ id: string; slot: string; patient: string }>(
          sql`SELECT id, time_slot_id AS slot, patient_id AS patient FROM appointments WHERE status <> 'CANCELED' AND time_slot_id IS NOT NULL`,
        ),
      )
    ).map((row) => [row.slot, row]),
  )
  const byId = new Map([...live.values()].map((row) => [row.id, row]))
  const acknowledged = j.storm.intents.filter((intent) => intent.outcome === "booked")
  const lost = acknowledged.filter((intent) => byId.get(intent.appointmentId ?? "")?.patient !== intent.patient.patientId)
  if (lost.length > 0) problems.push(`${lost.length} acknowledged bookings are missing: ${lost.map((i) => i.appointmentId).join(", ")}`)
  const misled = j.storm.intents.filter((intent: Intent) => intent.outcome === "taken" && live.get(intent.slot.id)?.patient === intent.patient.patientId)
  // Two intents of one patient may aim at one slot: the second is rightly told it is taken, by the first.
  const misledForReal = misled.filter((intent) => !acknowledged.some((other) => other.slot.id === intent.slot.id && other.patient === intent.patient))
  if (misledForReal.length > 0) problems.push(`${misledForReal.length} clients were told their slot was taken while their own booking holds it`)
  if (acknowledged.length === 0) problems.push("no booking was acknowledged at all: the storm did not run")

  // The next write after recovery succeeds, through each gateway.
  const taken = new Set(live.keys())
  const next = await retrying(() => freeSlots(j.suite.rows, 20))
  for (const [i, gateway] of j.gateways.entries()) {
    const slot = next.filter((s) => !taken.has(s.id))[i]!
    const patient = patientFor(j.afterwards, slot.doctorId)!
    const response = await fetch(`${gateway.origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${patient.token}` },
      body: JSON.stringify({
        doctorId: slot.doctorId,
        patientId: patient.patientId,
        timeSlotId: slot.id,
        appointmentTime: slot.at,
        appointmentType: "CLINIC",
        reason: "Contrôle après la panne",
      }),
    }).catch((error: unknown) => error as Error)
    if (response instanceof Error) problems.push(`the first booking after recovery through ${gateway.name} got no answer: ${response.message}`)
    else if (response.status !== 201)
      problems.push(`the first booking after recovery through ${gateway.name} answered ${response.status} ${await response.text()}`)
  }

  problems.push(...(await remindersSentOnce(j.suite, j.dataDir)))
  return problems
}

/**
 * Reminders not sent twice: the notification log holds at most one "sent" per appointment, kind and
 * channel, and the SMS outbox (DATA_DIR/sms/outbox.jsonl, no provider set) holds each text once.
 */
export async function remindersSentOnce(suite: SuiteDb, dataDir: string): Promise<string[]> {
  const problems: string[] = []
  const twice = await retrying(() =>
    suite.rows<{ appointment: string; kind: string; channel: string; n: number }>(sql`
      SELECT appointment_id AS appointment, kind, channel, count(*)::int AS n FROM notification_log
      WHERE status = 'sent' GROUP BY 1, 2, 3 HAVING count(*) > 1`),
  )
  if (twice.length > 0) problems.push(`reminders sent twice: ${JSON.stringify(twice.slice(0, 5))}`)
  const outbox = path.join(dataDir, "sms", "outbox.jsonl")
  const lines = existsSync(outbox) ? readFileSync(outbox, "utf8").split("\n").filter(Boolean) : []
  const texts = lines.map((line) => JSON.stringify({ ...(JSON.parse(line) as object), at: undefined }))
  const repeated = texts.filter((text, i) => texts.indexOf(text) !== i)
  if (repeated.length > 0) {
    const [logged] = await retrying(() =>
      suite.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_log WHERE status = 'sent' AND channel = 'SMS'`),
    )
    problems.push(
      `${repeated.length} SMS were written to the outbox twice (${lines.length} lines, ${logged?.n ?? 0} logged sent): ${repeated.slice(0, 3).join(" | ")}; ` +
        lines.filter((line) => repeated.some((text) => JSON.stringify({ ...(JSON.parse(line) as object), at: undefined }) === text)).join(" | "),
    )
  }
  return problems
}

/** Reminder jobs left unfinished: each must be done (or failed for a reason of its own) once the gateways have had their polls. */
export async function unfinishedReminders(suite: SuiteDb): Promise<number> {
  const [row] = await retrying(() =>
    suite.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'appointment.reminder' AND run_at <= now() AND status IN ('pending', 'running')`,
    ),
  )
  return row?.n ?? 0
}

/** Makes every reminder of the bookings so far due now, so that the gateways' workers are sending while the fault strikes. */
export async function makeRemindersDue(suite: SuiteDb): Promise<number> {
  const [row] = await suite.rows<{ n: number }>(sql`
    WITH due AS (UPDATE jobs SET run_at = now() WHERE kind = 'appointment.reminder' AND status = 'pending' AND run_at > now() RETURNING 1)
    SELECT count(*)::int AS n FROM due`)
  return row?.n ?? 0
}
