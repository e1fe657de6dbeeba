import { Counter } from "prom-client"

export type NoticeChannel = "SMS" | "EMAIL"
export type NoticeOutcome = "sent" | "failed" | "skipped"

/**
 * Notices (reminders, cancellations, waitlist offers, mails of the outboxes) by channel and outcome,
 * counted for the whole process. The senders run in job handlers and requests that have no app at
 * hand, so they count here, in no registry; each app's metrics show this one counter
 * (server/observability/metrics.ts), which is right for the one app a server runs.
 */
export const noticesTotal = new Counter({
  name: "notices_total",
  help: "Notices (SMS and mails) this process tried to send, by channel and outcome",
  labelNames: ["channel", "outcome"] as const,
  registers: [],
})
// Every series exists from the start, so that a rate over the first failure is seen.
for (const channel of ["SMS", "EMAIL"] as const) for (const outcome of ["sent", "failed", "skipped"] as const) noticesTotal.inc({ channel, outcome }, 0)

/** Counts one notice's outcome on a channel. */
export function countNotice(channel: NoticeChannel, outcome: NoticeOutcome): void {
  noticesTotal.inc({ channel, outcome })
}

/** Sends one notice and counts it sent, or failed and throws the failure on (so its job is tried again). */
export async function sendCounted(channel: NoticeChannel, send: () => Promise<void>): Promise<void> {
  try {
    await send()
  } catch (error) {
    countNotice(channel, "failed")
    throw error
  }
  countNotice(channel, "sent")
}
