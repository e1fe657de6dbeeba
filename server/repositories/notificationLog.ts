import { asc, eq } from "drizzle-orm"
import type { NotificationEntry } from "../../schemas/notification.ts"
import type { Db } from "../db/client.ts"
import { notificationLog } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { AppointmentId } from "../../schemas/ids.ts"

/** The notification log of an appointment, oldest first. */
export async function notificationsOf(db: Db, appointmentId: AppointmentId): Promise<NotificationEntry[]> {
  const rows = await db
    .select()
    .from(notificationLog)
    .where(eq(notificationLog.appointmentId, appointmentId))
    .orderBy(asc(notificationLog.at), asc(notificationLog.id))
  return rows.map((r) => ({ kind: r.kind as NotificationEntry["kind"], channel: r.channel, status: r.status, error: r.error, at: toUtcSeconds(r.at) }))
}
