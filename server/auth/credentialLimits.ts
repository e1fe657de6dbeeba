import type { UserId } from "../../schemas/ids.ts"
/**
 * Limits on password guesses, shared by every credential check (login form, /auth/token,
 * change-password, the profile's email change). Failures are counted in a sliding window against
 * keys: the account once it is known (whatever spelling of its address was typed), the canonical
 * address when no account matches, and the client's network.
 */

export type LimitKind = "account" | "address" | "client"

/** Something failures are counted against. */
export interface LimitKey {
  readonly kind: LimitKind
  readonly id: string
}

export interface CredentialLimitPolicy {
  readonly windowMs: number
  /** How many attempts each kind of key may make in a window, and whether a success forgets its failures. */
  readonly kinds: Readonly<Record<LimitKind, { readonly max: number; readonly successForgets: boolean }>>
}

/**
 * 5 guesses per account (or unknown address) per 15 minutes, as the login page's "try again in
 * 15 minutes" says; 20 per client network, which slows one machine spraying a common password over
 * many accounts without locking a clinic's shared connection out after a few typos. A success
 * forgets an account's failures, not a client's: knowing one password must not buy guesses at others.
 */
export const CREDENTIAL_LIMITS: CredentialLimitPolicy = {
  windowMs: 15 * 60_000,
  kinds: {
    account: { max: 5, successForgets: true },
    address: { max: 5, successForgets: true },
    client: { max: 20, successForgets: false },
  },
}

/**
 * Where attempts are counted: in memory for one gateway (MemoryCredentialLimits), in the database
 * when several gateways share it (DatabaseCredentialLimits).
 */
export interface CredentialLimits {
  /**
   * Counts an attempt against every key and answers 0; or, when one key already holds its limit,
   * counts nothing and answers how many milliseconds remain before it may try again. Counting
   * before the password is checked means parallel guesses cannot all slip in before the first fails.
   */
  attempt(keys: ReadonlyArray<LimitKey>): Promise<number>
  /** The attempt just counted succeeded: keys whose kind forgets lose their failures, the others this attempt. */
  succeeded(keys: ReadonlyArray<LimitKey>): Promise<void>
}

export const accountKey = (userId: UserId): LimitKey => ({ kind: "account", id: userId })
/** `email` must be canonical (canonicalEmail): every spelling of an address shares one key. */
export const addressKey = (email: string): LimitKey => ({ kind: "address", id: email })

/**
 * The client's network: an IPv4 address, or the /64 of an IPv6 one (one subscriber gets a whole
 * /64, so counting single IPv6 addresses would give an attacker 2^64 fresh counts).
 */
export function clientKey(address: string): LimitKey {
  const plain = address.replace(/%.*$/, "").toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)
  if (mapped) return { kind: "client", id: mapped[1]! }
  if (!plain.includes(":")) return { kind: "client", id: plain }
  const [head = "", tail] = plain.split("::")
  const groups = head ? head.split(":") : []
  if (tail !== undefined) {
    const rest = tail ? tail.split(":") : []
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill("0"), ...rest)
  }
  return {
    kind: "client",
    id: `${groups
      .slice(0, 4)
      .map((g) => (parseInt(g, 16) || 0).toString(16))
      .join(":")}::/64`,
  }
}

export const keyName = (key: LimitKey) => `${key.kind}:${key.id}`

/**
 * How long a key holding `times` (its attempts in the window, oldest first) must wait before its
 * next attempt: it frees up when enough of them have left the window to bring it under `max`.
 */
export function waitBeforeNext(times: ReadonlyArray<number>, max: number, windowMs: number, now: number): number {
  return times.length >= max ? Math.max(0, times[times.length - max]! + windowMs - now) : 0
}

/** Attempts counted in this process's memory: right for one gateway, lost on restart. */
export class MemoryCredentialLimits implements CredentialLimits {
  /** Times of the attempts still in the window, oldest first, per key; oldest keys first. */
  private readonly attempts = new Map<string, number[]>()

  constructor(
    private readonly policy: CredentialLimitPolicy = CREDENTIAL_LIMITS,
    private readonly now: () => number = Date.now,
    /** Beyond this many keys the oldest are dropped, so a flood of made-up addresses cannot fill memory. */
    private readonly maxKeys = 100_000,
  ) {}

  async attempt(keys: ReadonlyArray<LimitKey>): Promise<number> {
    const now = this.now()
    let waitMs = 0
    for (const key of keys) {
      const times = this.recent(keyName(key), now)
      waitMs = Math.max(waitMs, waitBeforeNext(times, this.policy.kinds[key.kind].max, this.policy.windowMs, now))
    }
    if (waitMs > 0) return waitMs
    for (const key of keys) {
      const name = keyName(key)
      const times = this.recent(name, now)
      this.attempts.delete(name)
      this.attempts.set(name, [...times, now])
    }
    this.bound(now)
    return 0
  }

  async succeeded(keys: ReadonlyArray<LimitKey>): Promise<void> {
    for (const key of keys) {
      const name = keyName(key)
      const times = this.attempts.get(name)
      if (this.policy.kinds[key.kind].successForgets || (times?.length ?? 0) <= 1) this.attempts.delete(name)
      else times!.pop()
    }
  }

  private recent(name: string, now: number): number[] {
    const cutoff = now - this.policy.windowMs
    return (this.attempts.get(name) ?? []).filter((t) => t > cutoff)
  }

  private bound(now: number): void {
    if (this.attempts.size <= this.maxKeys) return
    const cutoff = now - this.policy.windowMs
    for (const [name, times] of this.attempts) if (times[times.length - 1]! <= cutoff) this.attempts.delete(name)
    for (const name of this.attempts.keys()) {
      if (this.attempts.size <= this.maxKeys) break
      this.attempts.delete(name)
    }
  }
}
