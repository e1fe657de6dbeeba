import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PHONE_CODE, RECIPIENT_CAP } from "../../schemas/verification.ts"
import type { DoctorId, PatientId, UserId } from "../../schemas/ids.ts"
import { accountMails, notificationLog, patients, users } from "../../server/db/schema.ts"
import type { Mail } from "../../server/email/contactMail.ts"
import { JobWorker } from "../../server/jobs/worker.ts"
import { reminderHandlers } from "../../server/reminders/send.ts"
import { smsInOutbox } from "../support/smsOutbox.ts"
import { bookingBody, idsOf, insertSlot } from "../../server/routes/testing/appointmentFixtures.ts"
import { memorySmsSink } from "../../server/sms/sms.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { callFrom, SAME_ORIGIN_FORM } from "./loginCalls.ts"

/**
 * Issue 38, finding 6: "a book-and-cancel loop sent 15 SMS to a number typed into a new account,
 * in a second". Done when an outside attacker with free accounts cannot reach anyone by SMS or
 * mail through us: a number gets SMS only once a code sent to it came back, an address nothing
 * but its verification mail until its link was opened, and one recipient at most 5 notices an hour.
 * The gateway's clock is the test's (moved, never waited for).
 */
let gw: TestGateway
let offsetMs = 0
const clock = () => new Date(Date.now() + offsetMs)
let doctorId: DoctorId

beforeAll(async () => {
  // The booking limits are not under test: the loops book one doctor again and again.
  gw = await startTestGateway({ clock, bookingLimits: false })
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

let made = 0
interface NewAccount {
  readonly token: string
  readonly userId: UserId
  readonly patientId: PatientId
  readonly email: string
  readonly phone: string
}

/** Signs up on the login site as a stranger would, from an address of its own (the sign-up limit is per client). */
async function signUp(phone = `+22177900${String(10_000 + made).slice(1)}`): Promise<NewAccount> {
  const n = made++
  const email = `verify.${n}@example.sn`
  const form = {
    firstName: "Awa",
    lastName: "Ndour",
    email,
    phoneNumber: phone,
    password: "Bonjour1!",
    passwordConfirm: "Bonjour1!",
    acceptTerms: "on",
    returnTo: "/profile",
    lang: "fr",
  }
  const answer = await callFrom(gw.app, `198.51.100.${n + 1}`, "POST", "/auth/register", { form, headers: SAME_ORIGIN_FORM })
  expect(answer.status, answer.text).toBe(303)
  const token = new URL(answer.headers.get("location")!, "http://localhost").searchParams.get("sessionToken")!
  const { userId, patientId } = await idsOf(gw, email)
  return { token, userId, patientId: patientId!, email, phone }
}

/** The SMS the gateway itself sent (codes), as its provider-less outbox holds them. */
const outboxTo = (phone: string): string[] => smsInOutbox(gw.config.dataDir, phone)
const lastCode = (phone: string) => /\b(\d{6})\b/.exec(outboxTo(phone).at(-1) ?? "")?.[1] ?? ""

const sendCode = (account: NewAccount) => gw.api("POST", "/me/phone-verification", { token: account.token })
const confirm = (account: NewAccount, code: string) => gw.api("POST", "/me/phone-verification/confirm", { token: account.token, body: { code } })
const fieldsOf = (answer: { body: { fields?: Array<{ name: string; message: string }> } }) =>
  Object.fromEntries((answer.body.fields ?? []).map((f) => [f.name, f.message]))

/** The account's notices by these channels: SMS, email, or both. */
const choose = (account: NewAccount, methods: string[]) =>
  gw.db.update(patients).set({ preferredNotificationMethods: methods }).where(eq(patients.id, account.patientId))

let hours = 48
/** Books a slot two days ahead or more and cancels it: the cancellation's notice is queued. */
async function bookAndCancel(account: NewAccount): Promise<string> {
  const slot = await insertSlot(gw, doctorId, (hours += 3))
  const booked = await gw.api("POST", "/appointments", { token: account.token, body: bookingBody(slot, account.patientId) })
  expect(booked.status, booked.text).toBe(201)
  expect((await gw.api("PUT", `/appointments/cancel/${booked.body.id}`, { token: account.token })).status).toBe(200)
  return booked.body.id as string
}

/** Runs the due notices at the gateway's time, with channels that keep what they were given. */
async function runNotices() {
  const sms = memorySmsSink()
  const mails: Mail[] = []
  await new JobWorker(gw.db, reminderHandlers({ sendSms: sms.send, sendMail: async (mail) => void mails.push(mail), replyTo: "contact@promed.sn" })).runDue(
    clock(),
  )
  return { sms: sms.sent, mails }
}
const logOf = (appointmentId: string) =>
  gw.db
    .select({ channel: notificationLog.channel, status: notificationLog.status, error: notificationLog.error })
    .from(notificationLog)
    .where(eq(notificationLog.appointmentId, appointmentId as never))

/** The account mails queued for an address, once the request's own try is over. */
async function accountMailsTo(address: string) {
  for (let i = 0; i < 50; i++) {
    const rows = await gw.db
      .select({ kind: accountMails.kind, status: accountMails.status, error: accountMails.lastError })
      .from(accountMails)
      .where(eq(accountMails.to, address))
    if (rows.every((r) => r.status !== "QUEUED")) return rows
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`the mails to ${address} stayed queued`)
}

/** The link of the address's verification mail, as the local mailbox holds it. */
function verificationLink(address: string): string {
  const dir = path.join(gw.config.dataDir, "mail")
  const mail = readdirSync(dir)
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .find((eml) => eml.includes(`To: ${address}\r\n`))
  const link = /(http:\/\/localhost\/auth\/verify-email\?token=[\w.-]+)/.exec(mail ?? "")?.[1]
  if (!link) throw new Error(`no verification link for ${address}`)
  return link
}

describe("verified contacts (issue 38)", () => {
  it("are the issue's numbers: 6 digits, 10 minutes, 5 tries, 60 s between codes, 5 codes a day; 5 notices an hour per recipient", () => {
    expect(PHONE_CODE).toEqual({ digits: 6, ttlMinutes: 10, tries: 5, resendSeconds: 60, perDay: 5 })
    expect(RECIPIENT_CAP).toEqual({ notices: 5, windowMinutes: 60 })
  })

  it("a book-and-cancel loop from a new account sends no SMS to its unverified number, and no mail to its unverified address", async () => {
    const account = await signUp()
    await choose(account, ["SMS"])
    // The sign-up sent the number its code, the one SMS it gets.
    expect(outboxTo(account.phone)).toEqual([expect.stringMatching(/\b\d{6}\b/)])
    const ids: string[] = []
    for (let i = 0; i < 15; i++) ids.push(await bookAndCancel(account))
    const { sms, mails } = await runNotices()
    expect(sms.filter((s) => s.to === account.phone)).toEqual([])
    expect(mails.filter((m) => m.to === account.email)).toEqual([])
    expect(outboxTo(account.phone)).toHaveLength(1)
    // Each cancellation says why it was not sent.
    for (const id of ids) expect(await logOf(id)).toEqual([{ channel: "SMS", status: "skipped", error: "PHONE_UNVERIFIED" }])
  })

  it("once its code came back, the number gets its notices by SMS", async () => {
    const account = await signUp()
    await choose(account, ["SMS"])
    expect((await gw.api("GET", `/patients/${account.patientId}`, { token: account.token })).body).toMatchObject({ phoneVerified: false, emailVerified: false })
    const confirmed = await confirm(account, lastCode(account.phone))
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body).toEqual({ phoneVerified: true })
    expect((await gw.api("GET", `/patients/${account.patientId}`, { token: account.token })).body).toMatchObject({ phoneVerified: true })
    const id = await bookAndCancel(account)
    const { sms } = await runNotices()
    expect(sms.filter((s) => s.to === account.phone).map((s) => s.text)).toEqual([expect.stringContaining("annulé")])
    expect(await logOf(id)).toEqual([{ channel: "SMS", status: "sent", error: null }])
    // Verified is verified: no further code is sent to it.
    expect(fieldsOf(await sendCode(account))).toEqual({ code: "patientProfile.phoneVerification.alreadyVerified" })
  })

  it("a code dies after 5 wrong tries, each wrong one saying how many are left", async () => {
    const account = await signUp()
    const right = lastCode(account.phone)
    const wrong = right === "000000" ? "111111" : "000000"
    for (const left of [4, 3, 2, 1]) {
      const answer = await confirm(account, wrong)
      expect([answer.status, answer.body.code, fieldsOf(answer)]).toEqual([
        422,
        "BUSINESS_ERROR",
        { code: "patientProfile.phoneVerification.codeWrong", triesLeft: String(left) },
      ])
    }
    expect(fieldsOf(await confirm(account, wrong))).toEqual({ code: "patientProfile.phoneVerification.codeTriesOver" })
    // The right code no longer opens anything.
    expect(fieldsOf(await confirm(account, right))).toEqual({ code: "patientProfile.phoneVerification.codeTriesOver" })
    const [user] = await gw.db.select({ at: users.phoneVerifiedAt }).from(users).where(eq(users.id, account.userId))
    expect(user!.at).toBeNull()
    // Malformed codes are refused by the shared schema before any try is counted.
    expect((await confirm(account, "12345")).status).toBe(400)
  })

  it("a code lives 10 minutes", async () => {
    const account = await signUp()
    const right = lastCode(account.phone)
    const start = offsetMs
    try {
      offsetMs = start + 10 * 60_000 - 1000
      expect((await gw.api("GET", `/patients/${account.patientId}`, { token: account.token })).body.phoneCode).not.toBeNull()
      offsetMs = start + 10 * 60_000 + 1000
      expect(fieldsOf(await confirm(account, right))).toEqual({ code: "patientProfile.phoneVerification.codeExpired" })
    } finally {
      offsetMs = start
    }
    const second = await signUp()
    offsetMs += 10 * 60_000 - 2000
    expect((await confirm(second, lastCode(second.phone))).status).toBe(200)
  })

  it("another code waits 60 s after the last, and a user gets 5 a day", async () => {
    const account = await signUp()
    const first = await sendCode(account)
    expect([first.status, fieldsOf(first)]).toEqual([429, { code: "patientProfile.phoneVerification.codeResendWait" }])
    expect(Number(first.headers.get("retry-after"))).toBeGreaterThan(55)
    expect(Number(first.headers.get("retry-after"))).toBeLessThanOrEqual(60)
    // (The test's own time runs too: 50 s on the gateway's clock stays under the minute.)
    offsetMs += 50_000
    expect((await sendCode(account)).status).toBe(429)
    offsetMs += 11_000
    for (let i = 2; i <= 5; i++) {
      if (i > 2) offsetMs += 61_000
      const sent = await sendCode(account)
      expect(sent.status, sent.text).toBe(200)
      expect(sent.body).toMatchObject({ phoneNumber: account.phone, resendAfterSeconds: 60 })
    }
    expect(outboxTo(account.phone)).toHaveLength(5)
    // An hour later the number may be told again, but this user has had the day's codes.
    offsetMs += 61 * 60_000
    expect(fieldsOf(await sendCode(account))).toEqual({ code: "patientProfile.phoneVerification.codeDailyLimit" })
    expect(outboxTo(account.phone)).toHaveLength(5)
    // The last code sent is an hour old now: dead.
    expect(fieldsOf(await confirm(account, lastCode(account.phone)))).toEqual({ code: "patientProfile.phoneVerification.codeExpired" })
  })

  it("one number gets at most 5 notices an hour, whatever their cause and however many accounts name it", async () => {
    const victim = "+221779990001"
    const account = await signUp(victim)
    await choose(account, ["SMS"])
    expect((await confirm(account, lastCode(victim))).status).toBe(200)
    // The code was the first notice of the hour; four cancellations make five.
    const ids: string[] = []
    for (let i = 0; i < 6; i++) ids.push(await bookAndCancel(account))
    const { sms } = await runNotices()
    expect(sms.filter((s) => s.to === victim)).toHaveLength(4)
    const outcomes = (await Promise.all(ids.map(logOf))).map((entries) => entries.map((e) => `${e.status} ${e.error ?? ""}`.trim()).join())
    expect(outcomes.sort()).toEqual(["sent", "sent", "sent", "sent", "skipped RECIPIENT_CAP", "skipped RECIPIENT_CAP"])
    // A new account typing the same number gets no code sent to it, and asking again is refused.
    const other = await signUp(victim)
    expect(outboxTo(victim)).toHaveLength(1)
    offsetMs += 61_000
    const refused = await sendCode(other)
    expect([refused.status, fieldsOf(refused)]).toEqual([429, { code: "patientProfile.phoneVerification.recipientBusy" }])
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    // An hour after the first, the number may be told again.
    offsetMs += RECIPIENT_CAP.windowMinutes * 60_000
    expect((await sendCode(other)).status).toBe(200)
    expect(outboxTo(victim)).toHaveLength(2)
  })

  it("an unverified address gets nothing but its verification mail; its link verifies it", async () => {
    const account = await signUp()
    await choose(account, ["EMAIL"])
    expect(await accountMailsTo(account.email)).toEqual([{ kind: "emailVerification", status: "SENT", error: null }])
    const id = await bookAndCancel(account)
    const before = await runNotices()
    expect(before.mails.filter((m) => m.to === account.email)).toEqual([])
    expect(await logOf(id)).toEqual([{ channel: "EMAIL", status: "skipped", error: "EMAIL_UNVERIFIED" }])
    const link = new URL(verificationLink(account.email))
    // A mail scanner opening the link verifies nothing; the page's button does.
    expect((await gw.call("GET", `${link.pathname}${link.search}`)).status).toBe(200)
    expect((await gw.api("GET", `/patients/${account.patientId}`, { token: account.token })).body.emailVerified).toBe(false)
    const token = link.searchParams.get("token")!
    const opened = await callFrom(gw.app, "198.51.100.250", "POST", "/auth/verify-email", { form: { token }, headers: SAME_ORIGIN_FORM })
    expect(opened.status).toBe(200)
    expect((await gw.api("GET", `/patients/${account.patientId}`, { token: account.token })).body.emailVerified).toBe(true)
    // Used once.
    expect((await callFrom(gw.app, "198.51.100.250", "POST", "/auth/verify-email", { form: { token }, headers: SAME_ORIGIN_FORM })).status).toBe(400)
    const after = await bookAndCancel(account)
    const { mails } = await runNotices()
    expect(mails.filter((m) => m.to === account.email)).toHaveLength(1)
    expect(await logOf(after)).toEqual([{ channel: "EMAIL", status: "sent", error: null }])
  })

  it("an SMS chosen for an unverified number is sent by email instead once the address is verified", async () => {
    const account = await signUp()
    await choose(account, ["SMS"])
    await gw.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.userId))
    const id = await bookAndCancel(account)
    const { sms, mails } = await runNotices()
    expect(sms.filter((s) => s.to === account.phone)).toEqual([])
    expect(mails.filter((m) => m.to === account.email)).toHaveLength(1)
    expect(await logOf(id)).toEqual([
      { channel: "SMS", status: "skipped", error: "PHONE_UNVERIFIED" },
      { channel: "EMAIL", status: "sent", error: null },
    ])
  })
})
