import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import { acceptCookies, DEMO_PASSWORD, signIn } from "../e2e/support.ts"
import type { UserId } from "../../schemas/ids.ts"
import { testIds } from "../../schemas/testIds.ts"

// Issue 9, item 1: a patient uploads files made to run as a page or a script on our origin; a
// second patient, signed in, opens them. Nothing may run, nothing may be sent, and the second
// patient's session token stays in their session storage (src/session/tokenStore.ts).

const TOKEN_KEY = "promed.sessionToken"
const BUCKET = "promed-local.appspot.com"
/** What the attacker's script would do: mark the page, send the token to a sink, and remove it. */
const PAYLOAD = [
  "window.__pwned=1",
  "document.title='pwned'",
  `try{navigator.sendBeacon('/__sink?t='+encodeURIComponent(sessionStorage.getItem('${TOKEN_KEY}')))}catch(e){}`,
  `try{sessionStorage.removeItem('${TOKEN_KEY}')}catch(e){}`,
].join(";")
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
/** The app's CSP stops inline scripts, so the page loads its script from our own origin: the "GIF" below. */
const pageLoading = (scriptUrl: string) => Buffer.from(`<html><body><script src="${scriptUrl}"></script></body></html>`)

interface Attacker {
  token: string
  userId: UserId
}

async function attacker(request: APIRequestContext): Promise<Attacker> {
  const token = ((await (await request.post("/auth/token", { data: { email: "patient2@demo.sn", password: DEMO_PASSWORD } })).json()) as { token: string })
    .token
  const session = (await (await request.get("/api/v1/session", { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string }
  return { token, userId: testIds.user(session.id) }
}

/** A multipart upload through the storage REST surface, declaring whatever type the attacker likes; the download URL. */
async function upload(request: APIRequestContext, who: Attacker, name: string, bytes: Buffer, declared: string): Promise<string> {
  const boundary = "hostile-boundary"
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name, contentType: declared })}\r\n--${boundary}\r\nContent-Type: ${declared}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ])
  const response = await request.post(`/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Firebase ${who.token}`, "Content-Type": `multipart/related; boundary=${boundary}`, "X-Goog-Upload-Protocol": "multipart" },
    data: body,
  })
  expect(response.status(), await response.text()).toBe(200)
  const { downloadTokens } = (await response.json()) as { downloadTokens: string }
  return `/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media&token=${downloadTokens}`
}

async function remove(request: APIRequestContext, who: Attacker, name: string) {
  await request.delete(`/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`, { headers: { Authorization: `Firebase ${who.token}` } })
}

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  expect(await page.title()).not.toBe("pwned")
}

test("a patient's hostile uploads, opened by another signed-in patient, run nothing and leave the session token in place", async ({ browser, request }) => {
  const who = await attacker(request)
  const photo = `profile-photos/user_${who.userId}.png`
  const patchedPhoto = `profile-photos/user_${who.userId}.jpg`
  const script = `profile-photos/user_${who.userId}.gif`
  const record = `medical-records/${who.userId}/hostile-${Date.now()}.pdf`
  const context = await browser.newContext()
  try {
    // A GIF header that is also JavaScript, declared text/javascript.
    const scriptUrl = await upload(request, who, script, Buffer.from(`GIF89a=1;${PAYLOAD}`), "text/javascript")
    // A PNG signature then a page, declared text/html.
    const photoUrl = await upload(request, who, photo, Buffer.concat([PNG_SIGNATURE, pageLoading(scriptUrl)]), "text/html")
    // A JPEG signature then a page, declared honestly, then re-declared text/html by a metadata update.
    const patchedUrl = await upload(request, who, patchedPhoto, Buffer.concat([JPEG_SIGNATURE, pageLoading(scriptUrl)]), "image/jpeg")
    const patched = await request.patch(`/v0/b/${BUCKET}/o/${encodeURIComponent(patchedPhoto)}`, {
      headers: { Authorization: `Firebase ${who.token}` },
      data: { contentType: "text/html" },
    })
    expect(patched.status()).toBe(200)
    // A PDF header then a page, as a medical record.
    const recordUrl = await upload(request, who, record, Buffer.concat([Buffer.from("%PDF-1.4\n"), pageLoading(scriptUrl)]), "text/html")

    const sink: string[] = []
    await context.route("**/__sink*", (route) => {
      sink.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    const page = await context.newPage()
    await acceptCookies(page)
    await signIn(page, "patient@demo.sn", "/profile")
    const token = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)
    expect(token).toBeTruthy()

    // 1. A link opened in a new tab from the app (the new tab starts with a copy of session storage).
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.evaluate((url) => void window.open(url, "_blank"), photoUrl)])
    await popup.waitForLoadState("load")
    await expectNothingRan(popup)
    await popup.close()

    // 2. The patched one followed in the signed-in tab itself.
    const answer = await page.goto(patchedUrl)
    await expectNothingRan(page)
    expect(answer!.headers()["content-type"]).toBe("image/jpeg")
    expect(answer!.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox")
    expect(answer!.headers()["x-content-type-options"]).toBe("nosniff")

    // 3. The record: a download, never a page.
    const [download] = await Promise.all([page.waitForEvent("download"), page.goto(recordUrl).catch(() => null)])
    expect(download.suggestedFilename()).toMatch(/^hostile-\d+\.pdf$/)

    // 4. Back in the app, the "GIF" loaded as a script from our own origin (which script-src 'self' allows), as by an injected tag.
    await page.goto("/profile")
    await expect(page.getByTestId("user-menu")).toBeVisible()
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const element = document.createElement("script")
          element.src = url
          element.onload = () => resolve("ran")
          element.onerror = () => resolve("refused")
          document.head.append(element)
        }),
      scriptUrl,
    )
    expect(outcome).toBe("refused")
    await expectNothingRan(page)

    expect(sink).toEqual([])
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBe(token)
    await page.reload()
    await expect(page.getByTestId("user-menu")).toBeVisible()
  } finally {
    await context.close()
    for (const name of [photo, patchedPhoto, script, record]) await remove(request, who, name)
  }
})
