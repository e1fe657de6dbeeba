import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtpSink.ts"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { contactMessages, jobs } from "../db/schema.ts"
import { CONTACT_MAIL_JOB, FIRST_TRY_MS, mailHandlers } from "../email/mailJobs.ts"
import { smtpSender } from "../email/smtp.ts"
import { JobWorker } from "../jobs/worker.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
let sink: SmtpSink

const context = {
  firstName: "Fatou",
  lastName: "Sarr",
  role: "POTENTIAL_PARTNER",
  email: "fatou.sarr@example.sn",
  phone: "+221771234567",
  message: "Bonjour, notre clinique de Thiès aimerait rejoindre Promed.",
  name: "Fatou Sarr (POTENTIAL_PARTNER)",
  subject: "Message de contact de Fatou Sarr",
}
const body = (overrides: Record<string, unknown> = {}) => ({
  data: { template: "contact-form", smtpConfigId: "default", context: { ...context, ...overrides } },
})

/** Another app on the same database whose config points at an SMTP server. */
function appWithSmtp(smtpUrl: string) {
  const app = createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", smtpUrl, mailTo: "equipe@promed.sn" } })
  return async (payload: unknown, lang = "fr") => {
    const response = await app.request(`/api/v1/email/send?lang=${lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    })
    return { status: response.status, body: (await response.json()) as { id: string; status: string; code?: string } }
  }
}

const stored = async (id: string) => (await gw.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!

beforeAll(async () => {
  gw = await startTestGateway()
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink?.stop()
  await gw?.stop()
})

describe("POST /email/send (the contact email function)", () => {
  it("keeps the message in the outbox, QUEUED, when no SMTP server is configured", async () => {
    const response = await gw.api("POST", "/email/send?lang=en", { body: body() })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: expect.any(String), status: "QUEUED" })
    expect(await stored(response.body.id)).toMatchObject({
      firstName: "Fatou",
      role: "POTENTIAL_PARTNER",
      lang: "en",
      template: "contact-form",
      status: "QUEUED",
      attempts: 0,
    })
  })

  it("sends it by SMTP when configured, replying to the visitor, and marks it SENT", async () => {
    const send = appWithSmtp(`smtp://127.0.0.1:${sink.smtpPort}`)
    const response = await send(body({ message: "Pouvez-vous m'appeler ? Merci — à bientôt." }))
    expect(response.status).toBe(200)
    expect(response.body.status).toBe("SENT")
    const mail = sink.messages.at(-1)!
    expect(mail.to).toEqual(["equipe@promed.sn"])
    expect(mail.replyTo).toContain("fatou.sarr@example.sn")
    expect(mail.subject).toBe("[Promed] Message de contact de Fatou Sarr")
    expect(mail.text).toContain("Pouvez-vous m'appeler ? Merci — à bientôt.")
    expect(mail.text).toContain("Partenaire potentiel")
    expect(mail.text).toContain("771234567")
    expect(await stored(response.body.id)).toMatchObject({ status: "SENT", attempts: 1, lastError: null })
  })

  it("records a failure (FAILED, with the error) and still answers QUEUED when SMTP is down", async () => {
    const send = appWithSmtp("smtp://127.0.0.1:1")
    const response = await send(body({ subject: "Message de contact pendant la panne" }))
    expect(response.status).toBe(200)
    expect(response.body.status).toBe("QUEUED")
    const row = await stored(response.body.id)
    expect(row.status).toBe("FAILED")
    expect(row.attempts).toBe(1)
    expect(row.lastError).toEqual(expect.any(String))

    // Its job sends it once the request's own try has had its time; the SMTP server is back by then.
    const worker = new JobWorker(gw.db, mailHandlers({ sendMail: smtpSender(`smtp://127.0.0.1:${sink.smtpPort}`), mailTo: "equipe@promed.sn" }), {
      backoffMs: 1000,
    })
    const before = sink.messages.length
    await worker.runDue(new Date(Date.now() + FIRST_TRY_MS - 10_000))
    expect((await stored(response.body.id)).status).toBe("FAILED")
    await worker.runDue(new Date(Date.now() + FIRST_TRY_MS + 1000))
    expect(await stored(response.body.id)).toMatchObject({ status: "SENT", attempts: 2, lastError: null })
    expect(sink.messages.slice(before).filter((m) => m.subject === "[Promed] Message de contact pendant la panne")).toHaveLength(1)
    // A message the request did send is not sent again by its job.
    const sent = await appWithSmtp(`smtp://127.0.0.1:${sink.smtpPort}`)(body({ firstName: "Awa", subject: "Message de contact d'Awa" }))
    expect(sent.body.status).toBe("SENT")
    await worker.runDue(new Date(Date.now() + FIRST_TRY_MS + 1000))
    expect(sink.messages.filter((m) => m.subject === "[Promed] Message de contact d'Awa")).toHaveLength(1)
    expect((await stored(sent.body.id)).attempts).toBe(1)
  })

  it("keeps trying a message whose SMTP server stays down, with backoff, and keeps each error", async () => {
    const response = await appWithSmtp("smtp://127.0.0.1:1")(body({ firstName: "Khady", subject: "Message de contact de Khady" }))
    const down = new JobWorker(gw.db, mailHandlers({ sendMail: smtpSender("smtp://127.0.0.1:1"), mailTo: "equipe@promed.sn" }), { backoffMs: 60_000 })
    const later = Date.now() + FIRST_TRY_MS + 1000
    await down.runDue(new Date(later))
    expect(await stored(response.body.id)).toMatchObject({ status: "FAILED", attempts: 2 })
    const [job] = await gw.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${CONTACT_MAIL_JOB}:${response.body.id}`))
    expect(job).toMatchObject({ status: "pending", attempts: 1 })
    expect(job!.runAt.getTime()).toBe(later + 60_000)
  })

  it("validates the form's bounds (SPEC §5) field by field", async () => {
    const response = await gw.api("POST", "/email/send?lang=fr", {
      body: body({ firstName: "F", lastName: "x".repeat(21), email: "not-an-email", phone: "77 12", message: "Court", role: "KING" }),
    })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe("VALIDATION_ERROR")
    expect(response.body.fields).toEqual(
      expect.arrayContaining([
        { name: "data.context.firstName", message: "validation.contactFirstNameMin" },
        { name: "data.context.lastName", message: "validation.contactLastNameMax" },
        { name: "data.context.email", message: "validation.emailInvalid" },
        { name: "data.context.phone", message: "validation.phoneInvalid" },
        { name: "data.context.message", message: "validation.contactMessageMin" },
        { name: "data.context.role", message: expect.any(String) },
      ]),
    )
    const noPhone = await gw.api("POST", "/email/send?lang=fr", { body: body({ phone: undefined }) })
    expect(noPhone.status).toBe(200)
  })

  it("refuses another template and an unknown language", async () => {
    const template = await gw.api("POST", "/email/send?lang=fr", { body: { data: { ...body().data, template: "password-reset" } } })
    expect(template.status).toBe(400)
    const lang = await gw.api("POST", "/email/send?lang=de", { body: body() })
    expect(lang.status).toBe(400)
    expect(lang.body.code).toBe("INVALID_PARAMETER")
  })

  it("refuses more than 10 messages from one address in ten minutes", async () => {
    const send = appWithSmtp(`smtp://127.0.0.1:${sink.smtpPort}`)
    for (let i = 0; i < 10; i++) expect((await send(body())).status).toBe(200)
    const refused = await send(body())
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe("BUSINESS_ERROR")
  })
})
