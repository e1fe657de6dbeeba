import { spawnSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { openDatabase } from "../db/client.ts"
import { seedOnFirstStart } from "../db/seed.ts"
import { emptyDatabase } from "../testing/emptyDatabase.ts"

// Issue 38: with DEMO_DATA off "the first manager or admin is made by a command (`npm run
// create-admin -- --email …`, password typed or read from stdin)", under the sign-up's password rules.

let place: Awaited<ReturnType<typeof emptyDatabase>>
beforeAll(async () => {
  place = await emptyDatabase()
  // A production first start: the schema and the reference data, no account.
  const database = await openDatabase(place.options)
  await seedOnFirstStart(database, () => {}, { demoData: false })
  await database.close()
}, 120_000)
afterAll(async () => {
  await place?.drop()
})

/** `npm run create-admin -- <args>` with this password on stdin, on the database of this file. */
const createAdmin = (args: ReadonlyArray<string>, password: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "server/accounts/createAdminCli.ts", ...args], {
    env: { ...process.env, ...place.env, LOG_LEVEL: "silent" },
    input: `${password}\n`,
    encoding: "utf8",
    timeout: 60_000,
  })

/** Signs in through POST /auth/token on a gateway over the same database; answers the status and the session's role. */
async function signIn(email: string, password: string): Promise<{ status: number; role?: string }> {
  const database = await openDatabase(place.options)
  try {
    const app = createApp({ db: database.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" } })
    const post = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }
    const answer = await app.request("/auth/token", post)
    if (answer.status !== 200) return { status: answer.status }
    const { token } = (await answer.json()) as { token: string }
    const session = await app.request("/api/v1/session", { headers: { Authorization: `Bearer ${token}` } })
    return { status: 200, role: ((await session.json()) as { roleName: string }).roleName }
  } finally {
    await database.close()
  }
}

describe("npm run create-admin", () => {
  it("creates the first admin, who signs in with the password given on stdin", async () => {
    const made = createAdmin(["--email", "Direction@Promed.sn", "--role", "ADMIN"], "Adm1n!Strong")
    expect(made.stderr).toBe("")
    expect(made.status).toBe(0)
    expect(made.stdout).toContain("direction@promed.sn")
    expect(await signIn("direction@promed.sn", "Adm1n!Strong")).toEqual({ status: 200, role: "ADMIN" })
    expect((await signIn("direction@promed.sn", "Passw0rd!")).status).toBe(401)
  }, 90_000)

  it("creates a manager", async () => {
    const made = createAdmin(["--email", "gestion@promed.sn", "--role", "MANAGER", "--first-name", "Khady", "--last-name", "Sow"], "G3stion!ok")
    expect(made.status).toBe(0)
    expect(await signIn("gestion@promed.sn", "G3stion!ok")).toEqual({ status: 200, role: "MANAGER" })
  }, 90_000)

  it("refuses an email already used, in any spelling, and leaves its account as it was", async () => {
    const again = createAdmin(["--email", " DIRECTION@promed.sn ", "--role", "MANAGER"], "An0ther!pass")
    expect(again.status).toBe(1)
    expect(again.stderr).toContain("email")
    expect(again.stdout).toBe("")
    expect((await signIn("direction@promed.sn", "An0ther!pass")).status).toBe(401)
    expect(await signIn("direction@promed.sn", "Adm1n!Strong")).toEqual({ status: 200, role: "ADMIN" })
  }, 90_000)

  it("refuses a password the sign-up refuses (too short, no digit, no special character, no upper case), creating nothing", async () => {
    for (const [password, rule] of [
      ["Ab1!", "at least 8 characters"],
      ["Password!", "a digit"],
      ["Passw0rdx", "special character"],
      ["passw0rd!", "uppercase"],
    ] as const) {
      const weak = createAdmin(["--email", "faible@promed.sn", "--role", "ADMIN"], password)
      expect(weak.status).toBe(1)
      expect(weak.stderr).toContain(rule)
      expect((await signIn("faible@promed.sn", password)).status).toBe(401)
    }
  }, 120_000)

  it("refuses a role other than ADMIN or MANAGER, and a missing email (usage, exit 64)", () => {
    expect(createAdmin(["--email", "medecin@promed.sn", "--role", "DOCTOR"], "Adm1n!Strong").status).toBe(64)
    expect(createAdmin(["--role", "ADMIN"], "Adm1n!Strong").status).toBe(64)
  }, 60_000)
})
