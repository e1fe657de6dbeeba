import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { MemoryCredentialLimits, SIGN_UP_LIMITS, type CredentialLimits, type SignUpKind } from "../../server/auth/credentialLimits.ts"
import { DatabaseCredentialLimits } from "../../server/auth/databaseCredentialLimits.ts"
import { loadConfig } from "../../server/config.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { callFrom, issuedToken, postLogin, SAME_ORIGIN_FORM, type Answer } from "./loginCalls.ts"

/**
 * Issue 38, finding 5: 70 accounts from one client in 15 s, successful sign-ups not counted. Every
 * sign-up attempt counts now, an account made or an address taken: 10 an hour per client (IPv6
 * per /64), 30 an hour per network (/24, IPv6 /48), 3 a day per phone number.
 */
let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const HOUR = 3_600_000
const DAY = 24 * HOUR

it("pins the numbers: 10 an hour per client, 30 an hour per network, 3 a day per phone, successes counted", () => {
  expect(SIGN_UP_LIMITS).toEqual({
    kinds: {
      signUpClient: { max: 10, windowMs: 3_600_000, successForgets: false },
      signUpNetwork: { max: 30, windowMs: 3_600_000, successForgets: false },
      signUpPhone: { max: 3, windowMs: 86_400_000, successForgets: false },
    },
  })
})

let serial = 0
/** A form the schemas accept, with an address and a Senegalese phone of its own. */
function goodForm(change: Record<string, string> = {}): Record<string, string> {
  serial += 1
  return {
    firstName: "Aminata",
    lastName: "Faye",
    email: `throttle.${serial}.${Date.now()}@example.sn`,
    phoneNumber: `+22178${String(1_000_000 + serial).slice(-7)}`,
    password: "Bonjour1!",
    passwordConfirm: "Bonjour1!",
    acceptTerms: "on",
    returnTo: "/profile",
    lang: "fr",
    ...change,
  }
}

const countUsers = async () => Number(((await gw.db.execute(sql`SELECT count(*)::int AS n FROM users`)) as { rows: Array<{ n: number }> }).rows[0]!.n)

type Store = (now: () => number) => CredentialLimits<SignUpKind>
const STORES: ReadonlyArray<[string, Store, number]> = [
  // The last figure keeps each store's addresses apart: the database is shared by the file.
  ["in memory", (now) => new MemoryCredentialLimits(SIGN_UP_LIMITS, now), 1],
  ["in the database", (now) => new DatabaseCredentialLimits(gw.db, SIGN_UP_LIMITS, now), 2],
]

function expectRetryAfter(answer: Answer, moreThanSeconds: number, atMostSeconds: number) {
  const seconds = Number(answer.headers.get("retry-after"))
  expect(Number.isInteger(seconds), `Retry-After ${answer.headers.get("retry-after")}`).toBe(true)
  expect(seconds).toBeGreaterThan(moreThanSeconds)
  expect(seconds).toBeLessThanOrEqual(atMostSeconds)
}

describe.each(STORES)("sign-ups counted %s", (_, store, n) => {
  /** An app of its own whose sign-up limits read a clock the test moves. */
  function appWithClock() {
    const clock = { now: Date.parse("2026-12-01T09:00:00Z") }
    const app = createApp({
      db: gw.db,
      config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" },
      signUpLimits: store(() => clock.now),
    })
    const register = (client: string, form: Record<string, string>) => callFrom(app, client, "POST", "/auth/register", { form, headers: SAME_ORIGIN_FORM })
    return { app, clock, register }
  }

  it("10 attempts an hour per client, accounts made, addresses taken and refused forms alike; the 11th is 429, translated, the form kept", async () => {
    const { app, clock, register } = appWithClock()
    const client = `192.0.2.${10 + n}`
    const taken = goodForm()
    expect((await register(client, taken)).status).toBe(303)
    for (let i = 0; i < 6; i++) {
      const made = await register(client, goodForm())
      expect(made.status, made.text.slice(0, 300)).toBe(303)
      expect(issuedToken(made)).toBeDefined()
      clock.now += 60_000
    }
    expect((await register(client, goodForm({ email: taken.email!.toUpperCase() }))).status).toBe(409)
    expect((await register(client, goodForm({ email: ` ${taken.email}` }))).status).toBe(409)
    expect((await register(client, goodForm({ password: "short", passwordConfirm: "short" }))).status).toBe(400)
    // 10 counted (7 made, 2 taken, 1 refused): the 11th, however good, makes nothing.
    const before = await countUsers()
    const typed = goodForm({ firstName: "Mariama", lastName: "Bâ", email: `mariama.${n}@example.sn`, phoneNumber: "77 123 45 67" })
    const eleventh = await register(client, typed)
    expect(eleventh.status).toBe(429)
    expect(issuedToken(eleventh)).toBeUndefined()
    expect(await countUsers()).toBe(before)
    // The first attempt leaves the window an hour after it was made, 6 minutes ago.
    expectRetryAfter(eleventh, 53 * 60, 54 * 60)
    expect(eleventh.text).toContain(`<p class="error" role="alert">Trop d'inscriptions depuis cette connexion. Réessayez dans une heure au plus.</p>`)
    // Everything typed is kept, but the passwords.
    expect(eleventh.text).toContain('value="Mariama"')
    expect(eleventh.text).toContain('value="Bâ"')
    expect(eleventh.text).toContain(`value="mariama.${n}@example.sn"`)
    expect(eleventh.text).toContain('value="77 123 45 67"')
    expect(eleventh.text).toMatch(/id="acceptTerms"[^>]* checked/)
    expect(eleventh.text).not.toContain("Bonjour1!")
    for (const [lang, text] of [
      ["en", "Too many sign-ups from this connection. Try again within an hour."],
      ["ar", "عمليات تسجيل كثيرة من هذا الاتصال. أعد المحاولة خلال ساعة على الأكثر."],
    ] as const) {
      const refused = await register(client, goodForm({ lang }))
      expect(refused.status).toBe(429)
      expect(refused.text).toContain(text)
    }
    // Sign-in from the same client is another count: it still works.
    expect(issuedToken(await postLogin(app, client, "patient@demo.sn", "Passw0rd!"))).toBeDefined()
    // An hour after the first two (made in the same minute), two more go through, and no third.
    clock.now += 54 * 60_000
    expect((await register(client, goodForm())).status).toBe(303)
    expect((await register(client, goodForm())).status).toBe(303)
    expect((await register(client, goodForm())).status).toBe(429)
  })

  it("IPv6 counts per /64: ten addresses of one /64 are one client", async () => {
    const { register } = appWithClock()
    for (let i = 1; i <= 10; i++) expect((await register(`2001:db8:${n}:1::${i.toString(16)}`, goodForm({ password: "x" }))).status).toBe(400)
    expect((await register(`2001:db8:${n}:1:ffff::1`, goodForm())).status).toBe(429)
    expect((await register(`2001:db8:${n}:2::1`, goodForm())).status).toBe(303)
  })

  it("30 an hour per IPv4 /24, whatever the addresses in it; another /24 is not held", async () => {
    const { register } = appWithClock()
    for (let i = 1; i <= 30; i++) {
      // Refused forms count as much as accounts made, and cost no password hash.
      const answer = await register(`198.51.${100 + n}.${i}`, i % 10 === 0 ? goodForm() : goodForm({ acceptTerms: "" }))
      expect(answer.status).toBe(i % 10 === 0 ? 303 : 400)
    }
    const refused = await register(`198.51.${100 + n}.200`, goodForm())
    expect(refused.status).toBe(429)
    expectRetryAfter(refused, 59 * 60, 3600)
    expect((await register(`198.51.${110 + n}.200`, goodForm())).status).toBe(303)
  })

  it("30 an hour per IPv6 /48, over as many /64s", async () => {
    const { register } = appWithClock()
    for (let i = 1; i <= 30; i++) expect((await register(`2001:db8:a${n}:${i.toString(16)}::1`, goodForm({ password: "x" }))).status).toBe(400)
    expect((await register(`2001:db8:a${n}:ff::1`, goodForm())).status).toBe(429)
    expect((await register(`2001:db8:b${n}:ff::1`, goodForm())).status).toBe(303)
  })

  it("3 a day per phone number, however it is typed and from wherever, an address taken included; the 4th is 429 on the phone field", async () => {
    const { clock, register } = appWithClock()
    const phone = `+23565${n}00001`
    const first = goodForm({ phoneNumber: phone })
    expect((await register(`203.0.${n}.1`, first)).status).toBe(303)
    clock.now += HOUR
    expect((await register(`203.0.${10 + n}.1`, goodForm({ phoneNumber: `65 ${n}0 00 01` }))).status).toBe(303)
    // A form refused for its password is not counted against the number: a typo must not cost the day.
    expect((await register(`203.0.${20 + n}.1`, goodForm({ phoneNumber: phone, password: "short", passwordConfirm: "short" }))).status).toBe(400)
    expect((await register(`203.0.${30 + n}.1`, goodForm({ phoneNumber: `00235 65 ${n}0 00 01`, email: first.email! }))).status).toBe(409)
    const before = await countUsers()
    const fourth = await register(`203.0.${40 + n}.1`, goodForm({ phoneNumber: `+235 65 ${n}0 00 01`, lang: "en" }))
    expect(fourth.status).toBe(429)
    expect(await countUsers()).toBe(before)
    expectRetryAfter(fourth, 22 * 3600, 23 * 3600)
    expect(fourth.text).toContain("This phone number has been used for too many sign-ups today. Try again within 24 hours, or give another number.")
    expect(fourth.text).toContain('id="phoneNumber-error">Too many sign-ups with this number today')
    expect(fourth.text).toContain('value="+235 65 ' + `${n}0 00 01"`)
    const arabic = await register(`203.0.${40 + n}.2`, goodForm({ phoneNumber: phone, lang: "ar" }))
    expect(arabic.status).toBe(429)
    expect(arabic.text).toContain("استُخدم رقم الهاتف هذا في عمليات تسجيل كثيرة اليوم.")
    // Another number is free; this one is again a day after its first sign-up.
    expect((await register(`203.0.${40 + n}.3`, goodForm())).status).toBe(303)
    clock.now += DAY - HOUR
    expect((await register(`203.0.${50 + n}.1`, goodForm({ phoneNumber: phone }))).status).toBe(303)
  })

  it("parallel sign-ups from one client make no more than 10 accounts", async () => {
    const { register } = appWithClock()
    const before = await countUsers()
    const answers = await Promise.all(Array.from({ length: 14 }, () => register(`192.0.2.${100 + n}`, goodForm())))
    expect(answers.filter((a) => a.status === 303)).toHaveLength(10)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4)
    expect(await countUsers()).toBe(before + 10)
  })
})

it("another site's form is refused before it is counted", async () => {
  const app = createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" } })
  for (let i = 0; i < 12; i++) {
    const answer = await callFrom(app, "192.0.2.200", "POST", "/auth/register", {
      form: goodForm(),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    })
    expect(answer.status).toBe(403)
  }
  expect((await callFrom(app, "192.0.2.200", "POST", "/auth/register", { form: goodForm(), headers: SAME_ORIGIN_FORM })).status).toBe(303)
})
