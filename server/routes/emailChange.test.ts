import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountMails, emailChanges, users } from "../db/schema.ts"
import { requestEmailChange } from "../repositories/emailChanges.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { testIds } from "../../schemas/testIds.ts"

// SPEC §5 lets a patient edit their email; issue 9 asks that it take the current password and
// never tell whether an address already has an account. The address becomes the sign-in address
// only once the link mailed to it is opened.
let gw: TestGateway
let token: string
let patientId: string
let userId: string
const PASSWORD = "Passw0rd!"
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin", Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" }

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

async function signInAs(email: string) {
  token = await gw.signIn(email)
  const session = (await gw.api("GET", "/session", { token })).body
  patientId = session.metadata.patient.id
  userId = session.id
}

async function profileForm() {
  const p = (await gw.api("GET", `/patients/${patientId}`, { token })).body
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phoneNumber,
    dateOfBirth: p.dateOfBirth,
    civility: p.civility,
    bloodType: p.bloodType,
    preferredNotificationMethods: p.preferredNotificationMethods,
    allergies: p.allergies,
    chronicConditions: p.chronicConditions,
    locations: p.locations,
  }
}

const changeEmail = async (email: string, currentPassword?: string) =>
  gw.api("PUT", `/patients/${patientId}`, { token, body: { ...(await profileForm()), email, ...(currentPassword === undefined ? {} : { currentPassword }) } })

/** The mails the local mailbox received for an address, once delivered (delivery runs after the answer). */
async function mailsTo(address: string, atLeast = 1): Promise<string[]> {
  const dir = path.join(gw.config.dataDir, "mail")
  for (let i = 0; i < 100; i++) {
    const files = await readdir(dir).catch(() => [] as string[])
    const mails = await Promise.all(files.sort().map((f) => readFile(path.join(dir, f), "utf8")))
    const found = mails.filter((m) => m.includes(`\r\nTo: ${address}\r\n`) || m.startsWith(`To: ${address}`))
    if (found.length >= atLeast) return found
    await new Promise((r) => setTimeout(r, 20))
  }
  return []
}

const linkIn = (mail: string) => /https?:\/\/\S+\/auth\/confirm-email\?token=([\w-]+)/.exec(mail)?.[1]

const confirm = (linkToken: string, headers: Record<string, string> = SAME_ORIGIN) =>
  gw.call("POST", "/auth/confirm-email", { body: `token=${encodeURIComponent(linkToken)}`, headers })

const emailOf = async (id: string) =>
  (
    await gw.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, testIds.user(id)))
  )[0]!.email

describe("changing the sign-in email of a patient", () => {
  beforeAll(async () => {
    await signInAs("patient@demo.sn")
  })

  it("asks for the current password, and a wrong one changes nothing", async () => {
    const missing = await changeEmail("awa.nouvelle@example.sn")
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toContainEqual({ name: "currentPassword", message: "validation.currentPasswordRequired" })
    const wrong = await changeEmail("awa.nouvelle@example.sn", "Wr0ngPass!")
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe("INVALID_PASSWORD")
    expect(wrong.body.fields).toContainEqual({ name: "currentPassword", message: "validation.currentPasswordWrong" })
    expect(await emailOf(userId)).toBe("patient@demo.sn")
    expect(await gw.db.select().from(emailChanges)).toHaveLength(0)
  })

  it("needs no password for another spelling of the same address, and keeps it canonical", async () => {
    const response = await changeEmail("  Patient@Demo.SN ")
    expect(response.status, response.text).toBe(200)
    expect(response.body.data.email).toBe("patient@demo.sn")
    expect(response.body.data.pendingEmail ?? null).toBeNull()
  })

  it("sends a link to the new address and a notice to the old one; the address changes only when the link is confirmed", async () => {
    const response = await changeEmail("Awa.Nouvelle@Example.SN", PASSWORD)
    expect(response.status, response.text).toBe(200)
    expect(response.body.data.email).toBe("patient@demo.sn")
    expect(response.body.data.pendingEmail).toBe("awa.nouvelle@example.sn")
    // Not yet the sign-in address.
    expect((await gw.call("POST", "/auth/token", { body: { email: "awa.nouvelle@example.sn", password: PASSWORD } })).status).toBe(401)

    const [link] = await mailsTo("awa.nouvelle@example.sn")
    const linkToken = linkIn(link!)
    expect(linkToken).toBeDefined()
    const [notice] = await mailsTo("patient@demo.sn")
    expect(notice).toContain("a***@example.sn")
    expect(notice).not.toContain("token=")

    // Opening the link shows a button: a mail scanner that opens it changes nothing.
    const page = await gw.call("GET", `/auth/confirm-email?token=${linkToken}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('method="post"')
    expect(await emailOf(userId)).toBe("patient@demo.sn")

    // A post from another site is refused.
    const crossSite = await confirm(linkToken!, {
      "Sec-Fetch-Site": "cross-site",
      Origin: "https://evil.example",
      "Content-Type": "application/x-www-form-urlencoded",
    })
    expect(crossSite.status).toBe(403)
    expect(await emailOf(userId)).toBe("patient@demo.sn")

    const done = await confirm(linkToken!)
    expect(done.status, done.text).toBe(200)
    expect(await emailOf(userId)).toBe("awa.nouvelle@example.sn")
    expect((await gw.call("POST", "/auth/token", { body: { email: "awa.nouvelle@example.sn", password: PASSWORD } })).status).toBe(200)
    expect((await gw.call("POST", "/auth/token", { body: { email: "patient@demo.sn", password: PASSWORD } })).status).toBe(401)
    // The old address hears of it.
    expect(await mailsTo("patient@demo.sn", 2)).toHaveLength(2)
    // A link works once.
    expect((await confirm(linkToken!)).status).toBe(400)
    // Once sent, the outbox keeps no usable link.
    const stored = await gw.db.select({ text: accountMails.text }).from(accountMails).where(eq(accountMails.kind, "emailChangeLink"))
    for (const { text } of stored) expect(linkIn(text)).toBeUndefined()
  })

  it("answers a taken address exactly as a free one, and mails its holder a notice, not a link", async () => {
    const free = await changeEmail("libre@example.sn", PASSWORD)
    const taken = await changeEmail("patient2@demo.sn", PASSWORD)
    expect(taken.status).toBe(free.status)
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(free.body.data).sort())
    expect(taken.body.data.pendingEmail).toBe("patient2@demo.sn")
    const [notice] = await mailsTo("patient2@demo.sn")
    expect(linkIn(notice!)).toBeUndefined()
    // The only change recorded has no link to open.
    const [row] = await gw.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, testIds.user(userId)))
    expect(row!.tokenHash).toBeNull()
    expect(await emailOf(userId)).toBe("awa.nouvelle@example.sn")
  })

  it("withdraws a pending change: its link stops working", async () => {
    await changeEmail("retire@example.sn", PASSWORD)
    const [link] = await mailsTo("retire@example.sn")
    const withdrawn = await gw.api("DELETE", `/patients/${patientId}/email-change`, { token })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.data.pendingEmail ?? null).toBeNull()
    expect((await confirm(linkIn(link!)!)).status).toBe(400)
    // Its page no longer offers to confirm, nor does one for a token never sent.
    for (const token of [linkIn(link!)!, "a".repeat(43)]) {
      const page = await gw.call("GET", `/auth/confirm-email?token=${token}`)
      expect(page.status, token).toBe(400)
      expect(page.text).not.toContain('action="/auth/confirm-email"')
    }
  })

  it("refuses an expired link, and an address taken between the request and the link", async () => {
    const expired = await requestEmailChange(gw.db, testIds.user(userId), "tard@example.sn", new Date(Date.now() - 25 * 3600_000))
    expect((await confirm(expired.token!)).status).toBe(400)
    const raced = await requestEmailChange(gw.db, testIds.user(userId), "course@example.sn")
    await gw.db.update(users).set({ email: "course@example.sn" }).where(eq(users.email, "patient2@demo.sn"))
    const response = await confirm(raced.token!)
    expect(response.status).toBe(409)
    expect(await emailOf(userId)).toBe("awa.nouvelle@example.sn")
  })

  it("mails new addresses at most 5 times a day per user", async () => {
    await gw.db.delete(accountMails).where(eq(accountMails.userId, testIds.user(userId)))
    for (let i = 0; i < 5; i++) expect((await changeEmail(`essai${i}@example.sn`, PASSWORD)).status).toBe(200)
    const sixth = await changeEmail("essai5@example.sn", PASSWORD)
    expect(sixth.status).toBe(429)
    expect(sixth.body.fields).toContainEqual({ name: "email", message: "validation.tooManyEmailChanges" })
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await gw.db.select().from(accountMails).where(eq(accountMails.to, "essai5@example.sn"))).toHaveLength(0)
  })
})
