import type { UserId } from "../../schemas/ids.ts"
import { COLLECTION_CAPS } from "../../schemas/collectionCaps.ts"
/**
 * Limits on password guesses, shared by every credential check (login form, /auth/token,
 * change-password, the profile's email change). Failures are counted in a sliding window against
 * keys: the account once it is known (whatever spelling of its address was typed), the canonical
 * address when no account matches, and the client's network. Sign-ups are counted by the same
 * machinery under a policy of their own (SIGN_UP_LIMITS).
 */

export type LimitKind = "account" | "address" | "client"
/** The keys sign-ups are counted against: named apart from the sign-in ones, so the two never share a count. */
export type SignUpKind = "signUpClient" | "signUpNetwork" | "signUpPhone"

/** Something attempts are counted against. */
export interface LimitKey<K extends string = LimitKind> {
  readonly kind: K
  readonly id: string
}

/** How many attempts one key of a kind may make in its sliding window, and whether a success forgets them. */
export interface LimitRule {
  readonly max: number
  readonly windowMs: number
  readonly successForgets: boolean
}

export interface CredentialLimitPolicy<K extends string = LimitKind> {
  readonly kinds: Readonly<Record<K, LimitRule>>
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * 5 guesses per account (or unknown address) per 15 minutes, as the login page's "try again in
 * 15 minutes" says; 20 per client network, which slows one machine spraying a common password over
 * many accounts without locking a clinic's shared connection out after a few typos. A success
 * forgets an account's failures, not a client's: knowing one password must not buy guesses at others.
 */
export const CREDENTIAL_LIMITS: CredentialLimitPolicy = {
  kinds: {
    account: { max: 5, windowMs: 15 * MINUTE, successForgets: true },
    address: { max: 5, windowMs: 15 * MINUTE, successForgets: true },
    client: { max: 20, windowMs: 15 * MINUTE, successForgets: false },
  },
}

/**
 * Sign-ups (issue 38): every attempt counts, an account made or an address taken alike, so a
 * script cannot mint accounts by the dozen. 10 an hour per client (an IPv4 address, an IPv6 /64),
 * 30 an hour per wider network (IPv4 /24, IPv6 /48: a family, a clinic's or a cyber café's
 * connection still signs up its people), 3 a day per phone number (E.164).
 */
export const SIGN_UP_LIMITS: CredentialLimitPolicy<SignUpKind> = {
  kinds: {
    signUpClient: { max: 10, windowMs: HOUR, successForgets: false },
    signUpNetwork: { max: 30, windowMs: HOUR, successForgets: false },
    signUpPhone: { max: 3, windowMs: 24 * HOUR, successForgets: false },
  },
}

/** Calendar feeds made or replaced per user (issue 38: 50 rotations a second were seen), counted by the same stores. */
export const FEED_ROTATION_LIMITS: CredentialLimitPolicy<"feedRotation"> = {
  kinds: { feedRotation: { max: COLLECTION_CAPS.feedRotationsPerDay, windowMs: 24 * HOUR, successForgets: false } },
}
export const feedRotationKey = (userId: UserId): LimitKey<"feedRotation"> => ({ kind: "feedRotation", id: userId })

/**
 * Where attempts are counted: in memory for one gateway (MemoryCredentialLimits), in the database
 * when several gateways share it (DatabaseCredentialLimits).
 */
export interface CredentialLimits<K extends string = LimitKind> {
  /**
   * Counts an attempt against every key and answers 0; or, when one key already holds its limit,
   * counts nothing and answers how many milliseconds remain before it may try again. Counting
   * before the password is checked means parallel guesses cannot all slip in before the first fails.
   */
  attempt(keys: ReadonlyArray<LimitKey<K>>): Promise<number>
  /** The attempt just counted succeeded: keys whose kind forgets lose their failures, the others this attempt. */
  succeeded(keys: ReadonlyArray<LimitKey<K>>): Promise<void>
}

export const accountKey = (userId: UserId): LimitKey => ({ kind: "account", id: userId })
/** `email` must be canonical (canonicalEmail): every spelling of an address shares one key. */
export const addressKey = (email: string): LimitKey => ({ kind: "address", id: email })

/** An address without its zone, an IPv4-mapped IPv6 one as its IPv4; IPv6 as its 8 groups, in lower-case hex without leading zeros. */
function parseAddress(address: string): { v4: string } | { v6: string[] } {
  const plain = address.replace(/%.*$/, "").toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)
  if (mapped) return { v4: mapped[1]! }
  if (!plain.includes(":")) return { v4: plain }
  const [head = "", tail] = plain.split("::")
  const groups = head ? head.split(":") : []
  if (tail !== undefined) {
    const rest = tail ? tail.split(":") : []
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill("0"), ...rest)
  }
  return { v6: groups.map((g) => (parseInt(g, 16) || 0).toString(16)) }
}

/**
 * The client: an IPv4 address, or the /64 of an IPv6 one (one subscriber gets a whole /64, so
 * counting single IPv6 addresses would give an attacker 2^64 fresh counts).
 */
function clientId(address: string): string {
  const parsed = parseAddress(address)
  return "v4" in parsed ? parsed.v4 : `${parsed.v6.slice(0, 4).join(":")}::/64`
}

/** The client's wider network: the /24 of an IPv4 address, the /48 of an IPv6 one (a site's usual allocation). */
function networkId(address: string): string {
  const parsed = parseAddress(address)
  if ("v6" in parsed) return `${parsed.v6.slice(0, 3).join(":")}::/48`
  const octets = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(parsed.v4)
  return octets ? `${octets[1]}.${octets[2]}.${octets[3]}.0/24` : parsed.v4
}

/** The client's network for the sign-in limits (clientId). */
export const clientKey = (address: string): LimitKey => ({ kind: "client", id: clientId(address) })

/** The keys one sign-up attempt from `address` counts against: the client and its wider network. */
export const signUpNetworkKeys = (address: string): Array<LimitKey<SignUpKind>> => [
  { kind: "signUpClient", id: clientId(address) },
  { kind: "signUpNetwork", id: networkId(address) },
]

/** `phone` must be E.164 (normalizePhone, then the Phone rule): every spelling of a number shares one key. */
export const signUpPhoneKey = (phone: string): LimitKey<SignUpKind> => ({ kind: "signUpPhone", id: phone })

export const keyName = (key: LimitKey<string>) => `${key.kind}:${key.id}`

/**
 * How long a key holding `times` (its attempts in the window, oldest first) must wait before its
 * next attempt: it frees up when enough of them have left the window to bring it under `max`.
 */
export function waitBeforeNext(times: ReadonlyArray<number>, max: number, windowMs: number, now: number): number {
  return times.length >= max ? Math.max(0, times[times.length - max]! + windowMs - now) : 0
}

/** Attempts counted in this process's memory: right for one gateway, lost on restart. */
export class MemoryCredentialLimits<K extends string = LimitKind> implements CredentialLimits<K> {
  /** Times of the attempts still in the window, oldest first, per key; oldest keys first. */
  private readonly attempts = new Map<string, number[]>()
  /** The longest window of the policy: nothing older counts for any key. */
  private readonly longestWindowMs: number

  constructor(
    private readonly policy: CredentialLimitPolicy<K>,
    private readonly now: () => number = Date.now,
    /** Beyond this many keys the oldest are dropped, so a flood of made-up addresses cannot fill memory. */
    private readonly maxKeys = 100_000,
  ) {
    this.longestWindowMs = Math.max(...Object.values<LimitRule>(policy.kinds).map((rule) => rule.windowMs))
  }

  async attempt(keys: ReadonlyArray<LimitKey<K>>): Promise<number> {
    const now = this.now()
    let waitMs = 0
    for (const key of keys) {
      const rule = this.policy.kinds[key.kind]
      const times = this.recent(key, now)
      waitMs = Math.max(waitMs, waitBeforeNext(times, rule.max, rule.windowMs, now))
    }
    if (waitMs > 0) return waitMs
    for (const key of keys) {
      const name = keyName(key)
      const times = this.recent(key, now)
      this.attempts.delete(name)
      this.attempts.set(name, [...times, now])
    }
    this.bound(now)
    return 0
  }

  async succeeded(keys: ReadonlyArray<LimitKey<K>>): Promise<void> {
    for (const key of keys) {
      const name = keyName(key)
      const times = this.attempts.get(name)
      if (this.policy.kinds[key.kind].successForgets || (times?.length ?? 0) <= 1) this.attempts.delete(name)
      else times!.pop()
    }
  }

  private recent(key: LimitKey<K>, now: number): number[] {
    const cutoff = now - this.policy.kinds[key.kind].windowMs
    return (this.attempts.get(keyName(key)) ?? []).filter((t) => t > cutoff)
  }

  private bound(now: number): void {
    if (this.attempts.size <= this.maxKeys) return
    const cutoff = now - this.longestWindowMs
    for (const [name, times] of this.attempts) if (times[times.length - 1]! <= cutoff) this.attempts.delete(name)
    for (const name of this.attempts.keys()) {
      if (this.attempts.size <= this.maxKeys) break
      this.attempts.delete(name)
    }
  }
}
