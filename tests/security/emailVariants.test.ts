import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { hashPassword } from "../../server/auth/passwords.ts"
import { loadConfig } from "../../server/config.ts"
import { users } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { eq, sql } from "drizzle-orm"
import { callFrom, issuedToken, postLogin, postToken, SAME_ORIGIN_FORM, sessionCount, type Answer } from "./loginCalls.ts"

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

/** Sign-up's form with this address, and a phone of its own (3 sign-ups a day per number). */
let phones = 0
const signUp = (app: ReturnType<typeof createApp>, client: string, email: string, lang = "en") =>
  callFrom(app, client, "POST", "/auth/register", {
    headers: SAME_ORIGIN_FORM,
    form: {
      firstName: "Awa",
      lastName: "Diop",
      email,
      phoneNumber: `+22176${String(1_000_000 + ++phones).slice(-7)}`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      acceptTerms: "on",
      returnTo: "/profile",
      lang,
    },
  })
const accountsNamed = async (email: string) =>
  Number(((await gw.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`)) as { rows: Array<{ n: number }> }).rows[0]!.n)

describe("look-alikes of an address make no account of their own (issue 38)", () => {
  /** Forms of patient2@demo.sn that read as it: Cyrillic and Greek letters, dots, fullwidth and mathematical letters. */
  const LOOK_ALIKES: Record<string, [string, string]> = {
    "Cyrillic а in the local part": ["p\u0430tient2@demo.sn", "The part before @ must be written in a single alphabet"],
    "Greek ο in the domain": ["patient2@dem\u03bf.sn", "The part before @ must be written in a single alphabet"],
    "fullwidth ｐ": ["\uff50atient2@demo.sn", "The part before @ must be written in a single alphabet"],
    "a trailing dot": ["patient2@demo.sn.", "A dot cannot start or end the address or its domain, nor be doubled"],
    "a doubled dot": ["patient2@demo..sn", "A dot cannot start or end the address or its domain, nor be doubled"],
  }

  it("sign-up refuses each, on the email field, in the page's language", async () => {
    const app = freshApp()
    for (const [name, [email, message]] of Object.entries(LOOK_ALIKES)) {
      const answer = await signUp(app, "203.0.113.30", email)
      expect(answer.status, name).toBe(400)
      expect(answer.text, name).toContain(`id="email-error">${message}`)
      expect(await accountsNamed(canonical(email)), name).toBe(0)
    }
    const french = await signUp(app, "203.0.113.30", "patient2@demo.sn.", "fr")
    expect(french.text).toContain(`id="email-error">Un point ne peut ni commencer ni finir l&#39;adresse ou son domaine, ni être doublé`)
    const arabic = await signUp(app, "203.0.113.30", "p\u0430tient2@demo.sn", "ar")
    expect(arabic.text).toContain(`id="email-error">يجب أن يُكتب الجزء الذي قبل @ بأبجدية واحدة`)
  })

  it("spellings that fold to the one account are that account (409), and a new address is stored canonical", async () => {
    const app = freshApp()
    for (const [spelling, value] of Object.entries(sameAccount("patient2@demo.sn"))) {
      expect((await signUp(app, "203.0.113.31", value)).status, spelling).toBe(409)
    }
    const made = await signUp(app, "203.0.113.32", ` ${"Adèle.Ndour@Example.SN".normalize("NFD")}\t`)
    expect(made.status, made.text.slice(0, 300)).toBe(303)
    expect(await accountsNamed("adèle.ndour@example.sn".normalize("NFC"))).toBe(1)
  })

  it("an account made before these rules still signs in under its address", async () => {
    const legacy = "old.account@demo.sn."
    await gw.db.insert(users).values({ email: legacy, passwordHash: await hashPassword(PASSWORD), role: "PATIENT", firstName: "Old", lastName: "Account" })
    expect(issuedToken(await postToken(freshApp(), "203.0.113.33", legacy, PASSWORD))).toBeDefined()
    // Its look-alike without the dot is another address, with no account.
    expect((await postToken(freshApp(), "203.0.113.33", "old.account@demo.sn", PASSWORD)).status).toBe(401)
    await gw.db.delete(users).where(eq(users.email, legacy))
  })
})

const canonical = (email: string) => email.normalize("NFC").trim().toLowerCase()
