import { createHmac, timingSafeEqual } from "node:crypto"

/*
 * Signed provider notices (issue 40), as Stripe-like providers sign them: the header
 * `Promed-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with
 * PAYMENT_WEBHOOK_SECRET. The sandbox signs this way, and the webhook verifies every notice this
 * way before it reads a byte of it as JSON.
 */

export const SIGNATURE_HEADER = "Promed-Signature"

/** How far a notice's timestamp may be from our clock, either way: a replay of an old notice is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

const mac = (secret: string, timestamp: number, rawBody: string) => createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest()

/** The header's value for `rawBody` sent at `now`. */
export function signatureHeader(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000)
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody).toString("hex")}`
}

/** Why a notice is refused, or null when its signature holds. */
export function signatureProblem(secret: string, header: string | undefined, rawBody: string, now: Date): string | null {
  if (!header) return "no signature"
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]))
  const timestamp = Number(parts.get("t"))
  const given = parts.get("v1") ?? ""
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return "malformed signature"
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return "signature outside the time tolerance"
  // Compared in constant time: how many leading bytes match must not show in the answer's timing.
  return timingSafeEqual(Buffer.from(given, "hex"), mac(secret, timestamp, rawBody)) ? null : "wrong signature"
}
