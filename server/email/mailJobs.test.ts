import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountMails, jobs, users } from "../db/schema.ts"
import { JobWorker } from "../jobs/worker.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { deliverAccountMails, enqueueAccountMail } from "./accountOutbox.ts"
import type { UserId } from "../../schemas/ids.ts"
import type { Mail } from "./contactMail.ts"
import { ACCOUNT_MAIL_JOB, FIRST_TRY_MS, mailHandlers } from "./mailJobs.ts"

let gw: TestGateway
let userId: UserId

beforeAll(async () => {
  gw = await startTestGateway()
  const [user] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "patient@demo.sn"))
  userId = user!.id
})
afterAll(async () => {
  await gw?.stop()
})

const mail: Mail = {
  from: "Promed <noreply@promed.sn>",
  to: "awa.new@example.sn",
  replyTo: "contact@promed.sn",
  subject: "Confirmez votre adresse",
  text: "Ouvrez https://promed.sn/auth/confirm-email?token=abc123",
}
const stored = async (id: string) => (await gw.db.select().from(accountMails).where(eq(accountMails.id, id)))[0]!
const refused = () => Promise.reject(new Error("421 try again later"))

describe("account mails on the job queue (issue 13)", () => {
  it("a mail the request could not send is sent by its job later, once, and the sent copy keeps no usable link", async () => {
    const id = await enqueueAccountMail(gw.db, "emailChangeLink", userId, mail)
    const [job] = await gw.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${ACCOUNT_MAIL_JOB}:${id}`))
    expect(job).toMatchObject({ kind: ACCOUNT_MAIL_JOB, status: "pending" })
    expect(job!.runAt.getTime() - job!.createdAt.getTime()).toBeGreaterThanOrEqual(FIRST_TRY_MS - 1000)

    expect(await deliverAccountMails(gw.db, [id], refused, "contact@promed.sn")).toBe(1)
    expect(await stored(id)).toMatchObject({ status: "FAILED", attempts: 1, lastError: "421 try again later" })

    const sent: Mail[] = []
    const worker = new JobWorker(gw.db, mailHandlers({ sendMail: async (m) => void sent.push(m), mailTo: "contact@promed.sn" }))
    await worker.runDue(new Date(Date.now() + FIRST_TRY_MS + 1000))
    expect(sent.filter((m) => m.to === "awa.new@example.sn")).toEqual([expect.objectContaining({ subject: "Confirmez votre adresse", text: mail.text })])
    expect(await stored(id)).toMatchObject({ status: "SENT", attempts: 2, lastError: null })
    expect((await stored(id)).text).not.toContain("abc123")
    const [done] = await gw.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${ACCOUNT_MAIL_JOB}:${id}`))
    expect(done!.status).toBe("done")
  })

  it("a mail the request sent is left alone by its job; a refused one stays a pending job with backoff", async () => {
    const id = await enqueueAccountMail(gw.db, "emailChangeRequested", userId, { ...mail, to: "awa.old@example.sn" })
    await deliverAccountMails(gw.db, [id], async () => {}, "contact@promed.sn")
    const sent: Mail[] = []
    await new JobWorker(gw.db, mailHandlers({ sendMail: async (m) => void sent.push(m), mailTo: "contact@promed.sn" })).runDue(
      new Date(Date.now() + FIRST_TRY_MS + 1000),
    )
    expect(sent.filter((m) => m.to === "awa.old@example.sn")).toEqual([])

    const failing = await enqueueAccountMail(gw.db, "emailChangeRequested", userId, { ...mail, to: "awa.down@example.sn" })
    await new JobWorker(gw.db, mailHandlers({ sendMail: refused, mailTo: "contact@promed.sn" }), { backoffMs: 60_000 }).runDue(
      new Date(Date.now() + FIRST_TRY_MS + 1000),
    )
    expect(await stored(failing)).toMatchObject({ status: "FAILED", attempts: 1 })
    const [job] = await gw.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${ACCOUNT_MAIL_JOB}:${failing}`))
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: expect.any(String) })
  })
})
