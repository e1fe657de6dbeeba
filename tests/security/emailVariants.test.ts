import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { hashPassword } from "../../server/auth/passwords.ts"
import { loadConfig } from "../../server/config.ts"
import { users } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { issuedToken, postLogin, postToken, sessionCount, type Answer } from "./loginCalls.ts"

let gw: TestGateway
/** An address with accents, stored as the product stores addresses: canonical (NFC, lower case). */
const ACCENTED = "adélaïde.séne@demo.sn".normalize("NFC")
const PASSWORD = "Passw0rd!"

beforeAll(async () => {
  gw = await startTestGateway()
  await gw.db.insert(users).values({ email: ACCENTED, passwordHash: await hashPassword(PASSWORD), role: "PATIENT", firstName: "Adélaïde", lastName: "Sène" })
})
afterAll(async () => {
  await gw?.stop()
})

/** Spellings that name the same account: every one shares its count. */
const sameAccount = (email: string): Record<string, string> => ({
  canonical: email,
  "leading spaces": `  ${email}`,
  "trailing space": `${email} `,
  "leading tab": `\t${email}`,
  "trailing line break": `${email}\r\n`,
  "upper case": email.toUpperCase(),
  "first letter upper case": email[0]!.toUpperCase() + email.slice(1),
  NFD: email.normalize("NFD"),
  "NFD, upper case, spaced": ` ${email.toUpperCase().normalize("NFD")}\t`,
})

/** Spellings that cannot be an address at all: refused as bad credentials, never sent to the database. */
const notAnAddress = (email: string): Record<string, string> => ({
  "zero-width space at the end": `${email}\u200b`,
  "zero-width space inside": `${email.slice(0, 3)}\u200b${email.slice(3)}`,
  "NUL at the end": `${email}\u0000`,
  "NUL inside": `${email.slice(0, 3)}\u0000${email.slice(3)}`,
  "right-to-left mark": `\u200f${email}`,
  "soft hyphen": `${email.slice(0, 3)}\u00ad${email.slice(3)}`,
})

type Entry = (app: ReturnType<typeof createApp>, client: string, email: string, password: string) => Promise<Answer>
const ENTRIES: ReadonlyArray<[string, Entry]> = [
  ["the login form", postLogin],
  ["POST /auth/token", postToken],
]
const ACCOUNTS: ReadonlyArray<[string, string, string]> = [
  // account, the spelling the failures are made with
  ["patient2@demo.sn", "patient2@demo.sn", "upper case"],
  [ACCENTED, ACCENTED, "NFD"],
]

/** An app of its own, so that each case starts with no failures counted. */
const freshApp = () => createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" } })

const signedIn = (answer: Answer) => answer.status === 200 || answer.status === 303

describe("one account, however its address is spelled", () => {
  for (const [entryName, entry] of ENTRIES) {
    for (const [account, email] of ACCOUNTS) {
      it(`${entryName}: every spelling of ${account} signs in with the right password`, async () => {
        const app = freshApp()
        for (const [spelling, value] of Object.entries(sameAccount(email))) {
          const answer = await entry(app, "203.0.113.1", value, PASSWORD)
          expect(signedIn(answer), `${spelling}: ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true)
          expect(issuedToken(answer), spelling).toBeDefined()
        }
      })

      it(`${entryName}: an address with invisible or control characters is a wrong guess, never a 5xx, never a session`, async () => {
        const app = freshApp()
        const before = await sessionCount(gw.db)
        for (const [spelling, value] of Object.entries(notAnAddress(email))) {
          const answer = await entry(app, "203.0.113.2", value, PASSWORD)
          expect(answer.status, `${spelling}: ${answer.text.slice(0, 200)}`).toBe(401)
          expect(issuedToken(answer), spelling).toBeUndefined()
        }
        expect(await sessionCount(gw.db)).toBe(before)
      })
    }
  }

  for (const [lockedOn, lockWith] of ENTRIES) {
    for (const [account, email, failSpelling] of ACCOUNTS) {
      it(`5 failures on ${lockedOn} spelled "${failSpelling}" lock ${account} on both entries, for every spelling, even with the right password`, async () => {
        const app = freshApp()
        for (let i = 0; i < 5; i++) {
          const answer = await lockWith(app, "203.0.113.10", sameAccount(email)[failSpelling]!, `Wrong${i}!x`)
          expect(answer.status).toBe(401)
        }
        const before = await sessionCount(gw.db)
        // From another client, so that only the account's count can be what blocks.
        for (const [entryName, entry] of ENTRIES) {
          for (const [spelling, value] of Object.entries(sameAccount(email))) {
            const answer = await entry(app, "203.0.113.11", value, PASSWORD)
            expect(answer.status, `${entryName}, ${spelling}`).toBe(429)
            expect(issuedToken(answer), `${entryName}, ${spelling}`).toBeUndefined()
          }
          for (const [spelling, value] of Object.entries(notAnAddress(email))) {
            const answer = await entry(app, "203.0.113.12", value, PASSWORD)
            expect([401, 429], `${entryName}, ${spelling}: ${answer.status}`).toContain(answer.status)
            expect(issuedToken(answer), `${entryName}, ${spelling}`).toBeUndefined()
          }
        }
        expect(await sessionCount(gw.db)).toBe(before)
      })
    }
  }

  it("an unknown address is counted by its canonical form too: other spellings of it are blocked after 5", async () => {
    const app = freshApp()
    for (let i = 0; i < 5; i++) expect((await postToken(app, "203.0.113.20", "nobody@demo.sn", `Wrong${i}!x`)).status).toBe(401)
    for (const value of Object.values(sameAccount("nobody@demo.sn"))) {
      expect((await postToken(app, "203.0.113.21", value, "Wrong!x1")).status, JSON.stringify(value)).toBe(429)
    }
  })
})
