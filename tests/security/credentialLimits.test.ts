import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { CREDENTIAL_LIMITS, MemoryCredentialLimits } from "../../server/auth/credentialLimits.ts"
import { loadConfig } from "../../server/config.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { ERROR_CODES } from "../../schemas/errors.ts"
import { callFrom, issuedToken, postLogin, postToken, sessionCount, type Answer } from "./loginCalls.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const RIGHT = "Passw0rd!"
const FIFTEEN_MINUTES = 15 * 60_000

/** An app of its own whose limits read a clock the test moves. */
function appWithClock() {
  const clock = { now: Date.parse("2026-12-01T09:00:00Z") }
  const app = createApp({
    db: gw.db,
    config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" },
    credentialLimits: new MemoryCredentialLimits(CREDENTIAL_LIMITS, () => clock.now),
  })
  return { app, clock }
}

function expectRetryAfter(answer: Answer, atMostSeconds: number) {
  const seconds = Number(answer.headers.get("retry-after"))
  expect(Number.isInteger(seconds), `Retry-After ${answer.headers.get("retry-after")}`).toBe(true)
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(atMostSeconds)
}

/** The JSON 429 of a blocked check: a catalogue code and the reason on the password field. */
function expectBlockedJson(answer: Answer, field: string) {
  expect(answer.status, answer.text).toBe(429)
  expect(ERROR_CODES).toContain(answer.body.code)
  expect(answer.body.fields).toEqual([{ name: field, message: "validation.tooManyAttempts" }])
}

describe("every credential check is limited", () => {
  it("the login form: the 6th wrong guess is answered 429 with Retry-After, then the right password too, until the window passes", async () => {
    const { app, clock } = appWithClock()
    for (let i = 0; i < 5; i++) {
      const wrong = await postLogin(app, "192.0.2.1", "doctor@demo.sn", `Wrong${i}!x`)
      expect(wrong.status).toBe(401)
      expect(wrong.text).toContain("E-mail ou mot de passe incorrect.")
    }
    const sixth = await postLogin(app, "192.0.2.1", "doctor@demo.sn", "Wrong5!x")
    expect(sixth.status).toBe(429)
    expectRetryAfter(sixth, 900)
    expect(sixth.text).toContain('<p class="error" role="alert">Trop de tentatives. Réessayez dans 15 minutes.</p>')
    const before = await sessionCount(gw.db)
    const right = await postLogin(app, "192.0.2.1", "doctor@demo.sn", RIGHT)
    expect(right.status).toBe(429)
    expect(issuedToken(right)).toBeUndefined()
    expect(await sessionCount(gw.db)).toBe(before)

    clock.now += FIFTEEN_MINUTES - 60_000
    const stillBlocked = await postLogin(app, "192.0.2.1", "doctor@demo.sn", RIGHT)
    expect(stillBlocked.status).toBe(429)
    expectRetryAfter(stillBlocked, 60)
    clock.now += 60_000 + 1
    expect((await postLogin(app, "192.0.2.1", "doctor@demo.sn", RIGHT)).status).toBe(303)
  })

  it("POST /auth/token: the same, answered as JSON", async () => {
    const { app, clock } = appWithClock()
    for (let i = 0; i < 5; i++) {
      const wrong = await postToken(app, "192.0.2.2", "doctor@demo.sn", `Wrong${i}!x`)
      expect(wrong.status).toBe(401)
      expect(wrong.body.code).toBe("BAD_CREDENTIALS")
    }
    const sixth = await postToken(app, "192.0.2.2", "doctor@demo.sn", "Wrong5!x")
    expectBlockedJson(sixth, "password")
    expectRetryAfter(sixth, 900)
    const right = await postToken(app, "192.0.2.2", "doctor@demo.sn", RIGHT)
    expectBlockedJson(right, "password")
    expect(right.body.token).toBeUndefined()
    clock.now += FIFTEEN_MINUTES + 1
    expect((await postToken(app, "192.0.2.2", "doctor@demo.sn", RIGHT)).status).toBe(200)
  })

  it("POST /account/change-password: the 6th wrong current password is answered 429 on oldPassword; the right one too; sign-in shares the count", async () => {
    const { app, clock } = appWithClock()
    const token = issuedToken(await postToken(app, "192.0.2.3", "doctor2@demo.sn", RIGHT))!
    const change = (oldPassword: string) =>
      callFrom(app, "192.0.2.3", "POST", "/api/v1/account/change-password", { token, json: { oldPassword, newPassword: "N3wPass!x" } })
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`Wrong${i}!x`)
      expect(wrong.status).toBe(400)
      expect(wrong.body.code).toBe("INVALID_PASSWORD")
      expect(wrong.body.fields).toEqual([{ name: "oldPassword", message: "validation.currentPasswordWrong" }])
    }
    const sixth = await change("Wrong5!x")
    expectBlockedJson(sixth, "oldPassword")
    expectRetryAfter(sixth, 900)
    const right = await change(RIGHT)
    expectBlockedJson(right, "oldPassword")
    // The password did not change and the session lives on.
    expect((await callFrom(app, "192.0.2.3", "GET", "/api/v1/session", { token })).status).toBe(200)
    // One count per account: guessing here also blocks signing in, from anywhere.
    expect((await postToken(app, "192.0.2.4", "doctor2@demo.sn", RIGHT)).status).toBe(429)

    clock.now += FIFTEEN_MINUTES + 1
    expect((await change(RIGHT)).status).toBe(200)
    expect((await postToken(app, "192.0.2.4", "doctor2@demo.sn", "N3wPass!x")).status).toBe(200)
  })

  it("wrong sign-ins block change-password of the same account", async () => {
    const { app } = appWithClock()
    const token = issuedToken(await postToken(app, "192.0.2.5", "patient@demo.sn", RIGHT))!
    for (let i = 0; i < 5; i++) await postLogin(app, "192.0.2.6", "Patient@Demo.sn", `Wrong${i}!x`)
    const change = await callFrom(app, "192.0.2.5", "POST", "/api/v1/account/change-password", {
      token,
      json: { oldPassword: RIGHT, newPassword: "N3wPass!x" },
    })
    expectBlockedJson(change, "oldPassword")
  })

  it("guesses sent all at once get no more than the limit checked", async () => {
    const { app } = appWithClock()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => postToken(app, `192.0.2.${100 + i}`, "manager@demo.sn", `Wrong${i}!x`)))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })

  it("one client network gets 20 wrong guesses over any accounts, then even a right password of another is refused there", async () => {
    const { app, clock } = appWithClock()
    for (let i = 0; i < 20; i++) expect((await postToken(app, "2001:db8:1:2::1", `nobody${i}@demo.sn`, "Wrong!x1")).status).toBe(401)
    // Another address of the same IPv6 /64 is the same client.
    const blocked = await postToken(app, "2001:db8:1:2:ffff::9", "admin@demo.sn", RIGHT)
    expectBlockedJson(blocked, "password")
    expect((await postToken(app, "2001:db8:1:3::1", "admin@demo.sn", RIGHT)).status).toBe(200)
    // A success does not buy the client more guesses; the window does.
    expect((await postToken(app, "2001:db8:1:2::1", "admin@demo.sn", RIGHT)).status).toBe(429)
    clock.now += FIFTEEN_MINUTES + 1
    expect((await postToken(app, "2001:db8:1:2::1", "admin@demo.sn", RIGHT)).status).toBe(200)
  })

  it("a password with control characters is wrong everywhere (scrypt's zero padding made Passw0rd!\\0 open Passw0rd!'s account)", async () => {
    const { app } = appWithClock()
    const token = issuedToken(await postToken(app, "192.0.2.8", "patient@demo.sn", RIGHT))!
    // Two on each sign-in entry and one on change-password: five, all answered as wrong guesses before any block.
    for (const password of [`${RIGHT}\u0000\u0000`, `${RIGHT}\ud800`]) {
      expect((await postToken(app, "192.0.2.8", "patient@demo.sn", password)).status).toBe(401)
      expect((await postLogin(app, "192.0.2.8", "patient@demo.sn", password)).status).toBe(401)
    }
    const change = await callFrom(app, "192.0.2.8", "POST", "/api/v1/account/change-password", {
      token,
      json: { oldPassword: `${RIGHT}\u0000`, newPassword: "N3wPass!x" },
    })
    expect(change.status).toBe(400)
    expect(change.body.code).toBe("INVALID_PASSWORD")
  })

  it("a success forgets the account's earlier failures", async () => {
    const { app } = appWithClock()
    for (let i = 0; i < 4; i++) await postToken(app, "192.0.2.7", "doctor@demo.sn", `Wrong${i}!x`)
    expect((await postToken(app, "192.0.2.7", "doctor@demo.sn", RIGHT)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await postToken(app, "192.0.2.7", "doctor@demo.sn", `Wrong${i}!x`)).status).toBe(401)
  })
})
