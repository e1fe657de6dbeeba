import { and, desc, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { accountMails } from "../../server/db/schema.ts"
import { SAMPLE_BYTES, multipartBody } from "../../server/storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { doctorFormOf } from "../support/gatewayFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

// Issue 38, "Links never trust the request": every absolute link (mails, calendar feeds, storage
// URLs) is built from PUBLIC_ORIGIN, or http://localhost:PORT in development; a request naming
// another host (Host, X-Forwarded-Host, or the URL itself) moves none of them. "Mails carry no free
// text chosen by anyone but the recipient."
const EVIL = "evil.example"
const FORGED = { Host: EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https", Forwarded: `host=${EVIL};proto=https` }
const BUCKET = "promed-local.appspot.com"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

/** The deployments: production with PUBLIC_ORIGIN, and development without it (PORT 8181). */
const SITES = [
  { name: "PUBLIC_ORIGIN=https://promed.example", env: { PUBLIC_ORIGIN: "https://promed.example", DEMO_DATA: "false" }, origin: "https://promed.example" },
  { name: "development (PUBLIC_ORIGIN unset, PORT=8181)", env: { PORT: "8181" }, origin: "http://localhost:8181" },
] as const

for (const site of SITES) {
  describe(`links built with ${site.name}, asked with Host: ${EVIL}`, () => {
    const app = () =>
      createApp({ db: gw.db, config: { ...gw.config, ...loadConfig(site.env), dataDir: gw.config.dataDir, logRequests: false, staticDir: "/nonexistent" } })
    /** A call as a forged request sends it: the URL and every host header on the attacker's host. */
    const call = async (
      method: string,
      path: string,
      options: { token?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { ...FORGED, ...options.headers }
      if (options.token) headers.Authorization = options.token.startsWith("Firebase ") ? options.token : `Bearer ${options.token}`
      if (options.json !== undefined) headers["Content-Type"] = "application/json"
      const body = options.json !== undefined ? JSON.stringify(options.json) : options.body
      const response = await app().request(`http://${EVIL}${path}`, { method, headers, ...(body === undefined ? {} : { body: body as BodyInit }) })
      const text = await response.text()
      return { status: response.status, headers: response.headers, text, json: text.startsWith("{") ? (JSON.parse(text) as Record<string, any>) : undefined }
    }
    const signIn = async (email: string) => (await call("POST", "/auth/token", { json: { email, password: "Passw0rd!" } })).json!.token as string

    it("the calendar feed's address", async () => {
      const token = await signIn("patient@demo.sn")
      const feed = await call("POST", "/api/v1/calendar-feed", { token })
      expect(feed.status).toBe(201)
      expect(feed.json!.url).toMatch(new RegExp(`^${site.origin}/api/v1/calendar/[A-Za-z0-9_-]{43}\\.ics$`))
      expect(feed.text).not.toContain(EVIL)
    })

    it("the resumable upload's session URL", async () => {
      const token = await signIn("patient@demo.sn")
      const userId = (await call("GET", "/api/v1/session", { token })).json!.id as string
      const name = `medical-records/${userId}/abc_bilan.pdf`
      const started = await call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
        token: `Firebase ${token}`,
        json: { name, contentType: "application/pdf" },
        headers: {
          "X-Goog-Upload-Protocol": "resumable",
          "X-Goog-Upload-Command": "start",
          "X-Goog-Upload-Header-Content-Length": String(SAMPLE_BYTES.pdf.length),
          "X-Goog-Upload-Header-Content-Type": "application/pdf",
        },
      })
      expect(started.status).toBe(200)
      expect(started.headers.get("X-Goog-Upload-URL")).toMatch(new RegExp(`^${site.origin}/v0/b/${BUCKET}/o\\?name=`))
    })

    it("a public profile's photoUrl: only a download URL of our own origin is taken, never one on the request's host", async () => {
      const token = await signIn("doctor@demo.sn")
      const doctor = (await call("GET", "/api/v1/session", { token })).json!.metadata.doctor
      const name = `profile-photos/user_${doctor.userId}.png`
      const { body, headers } = multipartBody(name, SAMPLE_BYTES.png, "image/png")
      const uploaded = await call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, { token: `Firebase ${token}`, body, headers })
      expect(uploaded.status).toBe(200)
      const path = `/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media&token=${uploaded.json!.downloadTokens}`
      const form = doctorFormOf(doctor)
      const onEvil = await call("PUT", `/api/v1/doctors/${doctor.id}`, { token, json: { ...form, photoUrl: `https://${EVIL}${path}` } })
      expect(onEvil.status).toBe(400)
      expect(onEvil.json!.fields).toEqual([{ name: "photoUrl", message: "validation.photoUrlInvalid" }])
      const own = await call("PUT", `/api/v1/doctors/${doctor.id}`, { token, json: { ...form, photoUrl: `${site.origin}${path}` } })
      expect(own.status, own.text).toBe(200)
      const profile = await call("GET", `/api/v1/doctors/${doctor.id}`)
      expect(profile.json!.photoUrl).toBe(`${site.origin}${path}`)
      expect(profile.text).not.toContain(EVIL)
    })

    it("the email change's link, and no text the sender chose in the mail to the new address", async () => {
      const token = await signIn("patient2@demo.sn")
      const session = (await call("GET", "/api/v1/session", { token })).json!
      const patientId = session.metadata.patient.id as string
      const p = (await call("GET", `/api/v1/patients/${patientId}`, { token })).json!
      const lure = "Gagnez un prix sur evil point example"
      const newEmail = `cible.${site.origin.length}@example.sn`
      const form = {
        ...{ lastName: p.lastName, phoneNumber: p.phoneNumber, dateOfBirth: p.dateOfBirth, civility: p.civility, bloodType: p.bloodType },
        ...{
          preferredNotificationMethods: p.preferredNotificationMethods,
          allergies: p.allergies,
          chronicConditions: p.chronicConditions,
          locations: p.locations,
        },
      }
      const changed = await call("PUT", `/api/v1/patients/${patientId}`, {
        token,
        json: { ...form, firstName: lure, email: newEmail, currentPassword: "Passw0rd!" },
      })
      expect(changed.status, changed.text).toBe(200)
      const mailTo = async (to: string) =>
        (
          await gw.db
            .select({ text: accountMails.text, subject: accountMails.subject })
            .from(accountMails)
            .where(and(eq(accountMails.userId, testIds.user(session.id)), eq(accountMails.to, to)))
            .orderBy(desc(accountMails.createdAt))
            .limit(1)
        )[0]!
      const link = await mailTo(newEmail)
      // Once sent, the outbox keeps the text with the token cut out.
      expect(link.text).toMatch(new RegExp(`\\s${site.origin}/auth/confirm-email\\?token=(?:[\\w-]+|…)\\s`))
      expect(link.text).not.toContain(EVIL)
      // Neither the name just typed nor the one the account had: the new address may be anyone's.
      expect(link.text).not.toContain(lure)
      expect(link.text).not.toContain(p.firstName)
      expect(link.subject).not.toContain(lure)
      // The old address is the account's own: its own first name may greet it there.
      expect((await mailTo("patient2@demo.sn")).text).not.toContain(EVIL)
    })
  })
}
