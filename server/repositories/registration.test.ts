import { eq } from "drizzle-orm"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { users } from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { createPatientAccount } from "./registration.ts"

let gw: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const SIGN_UPS = 6
const account = (email: string) => ({
  firstName: "Aminata",
  lastName: "Faye",
  email,
  phoneNumber: "+221771234599",
  passwordHash: "not-a-real-hash",
  appLanguage: "FR" as const,
})

/**
 * Runs the sign-ups so that every one has looked for the address before any writes it: a lock
 * taken elsewhere lets their reads through and holds their inserts until all are waiting. On
 * PostgreSQL that is the race of two people signing up with one address at once; PGlite runs one
 * query at a time, so there they simply follow one another.
 */
async function signUpsAtOnce(email: string) {
  if (TEST_DB !== "postgres") return Promise.all(Array.from({ length: SIGN_UPS }, () => createPatientAccount(gw.db, account(email))))
  const gate = new pg.Client({ connectionString: gw.url! })
  await gate.connect()
  try {
    await gate.query("BEGIN")
    await gate.query("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE")
    const answers = Promise.all(Array.from({ length: SIGN_UPS }, () => createPatientAccount(gw.db, account(email))))
    const waiting = async () =>
      Number((await gate.query("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'users'::regclass")).rows[0].n)
    while ((await waiting()) < SIGN_UPS) await new Promise((resolve) => setTimeout(resolve, 20))
    await gate.query("COMMIT")
    return await answers
  } finally {
    await gate.end()
  }
}

describe("a patient account per address", () => {
  it(`${TEST_DB}: sign-ups of one new address at once make one account; every other one is told it is taken`, async () => {
    const email = `course.${TEST_DB}@example.sn`
    const answers = await signUpsAtOnce(email)
    expect(answers.filter((a) => a === "taken")).toHaveLength(SIGN_UPS - 1)
    expect(await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1)
  })
})
