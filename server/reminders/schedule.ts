import type { Db } from "../db/client.ts"
import { enqueue, removePending } from "../jobs/queue.ts"
import type { AppointmentId } from "../../schemas/ids.ts"

export const REMINDER_JOB = "appointment.reminder"
export const CANCELLATION_JOB = "appointment.cancellation"

/** Reminders go this long before the appointment. */
export const REMINDER_OFFSETS = [
  { before: "24h", ms: 24 * 3600_000 },
  { before: "2h", ms: 2 * 3600_000 },
] as const
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number]["before"]

export interface ScheduledAppointment {
  readonly id: AppointmentId
  readonly appointmentTime: Date
  readonly rescheduleCount: number
}

const reminderPrefix = (appointmentId: AppointmentId) => `reminder:${appointmentId}:`

/**
 * Enqueues the 24 h and 2 h reminders of a confirmed appointment, in the caller's transaction; a
 * reminder whose moment has passed is not sent late. The key holds the reschedule count, so the
 * reminders of a moved appointment are new jobs, and booking twice in one transaction adds none.
 */
export async function scheduleReminders(tx: Db, appointment: ScheduledAppointment, now: Date): Promise<void> {
  for (const { before, ms } of REMINDER_OFFSETS) {
    const runAt = new Date(appointment.appointmentTime.getTime() - ms)
    if (runAt.getTime() <= now.getTime()) continue
    await enqueue(tx, {
      kind: REMINDER_JOB,
      payload: { appointmentId: appointment.id, rescheduleCount: appointment.rescheduleCount, before },
      runAt,
      dedupeKey: `${reminderPrefix(appointment.id)}${appointment.rescheduleCount}:${before}`,
    })
  }
}

/** Removes the reminders not yet sent of an appointment (it moved or was cancelled). */
export const clearReminders = (tx: Db, appointmentId: AppointmentId) => removePending(tx, reminderPrefix(appointmentId))

/** A reschedule: the old reminders go, the new time's come. */
export async function moveReminders(tx: Db, appointment: ScheduledAppointment, now: Date): Promise<void> {
  await clearReminders(tx, appointment.id)
  await scheduleReminders(tx, appointment, now)
}

/** A cancellation: no more reminders, and a notice now. */
export async function cancelReminders(tx: Db, appointmentId: AppointmentId, now: Date): Promise<void> {
  await clearReminders(tx, appointmentId)
  await enqueue(tx, { kind: CANCELLATION_JOB, payload: { appointmentId }, runAt: now, dedupeKey: `cancellation:${appointmentId}` })
}
