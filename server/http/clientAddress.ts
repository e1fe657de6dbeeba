import { getConnInfo } from "@hono/node-server/conninfo"
import type { Context } from "hono"
import type { AppEnv } from "./context.ts"

/** The caller's network address, or "unknown" where the server adapter gives none (tests' app.request). */
export function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown"
  } catch {
    return "unknown"
  }
}

/**
 * A sliding-window limit per caller address, kept in this process: enough for a person, not for a
 * script (the public forms: contact, doctor requests). An address with nothing left in its window is
 * forgotten, so the table holds only recent senders.
 */
export function addressLimiter(perAddress: number, windowMs: number): (c: Context<AppEnv>) => boolean {
  const recent = new Map<string, number[]>()
  return (c) => {
    const address = clientAddress(c)
    const now = Date.now()
    for (const [key, times] of recent) if (times.at(-1)! <= now - windowMs) recent.delete(key)
    const times = (recent.get(address) ?? []).filter((t) => t > now - windowMs)
    if (times.length >= perAddress) return false
    recent.set(address, [...times, now])
    return true
  }
}
