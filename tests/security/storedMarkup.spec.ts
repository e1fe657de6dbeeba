import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import { acceptCookies, signIn } from "../e2e/support.ts"
import { patientFormOf } from "./patientForm.ts"

// Stored text that looks like markup must come back as text: nothing runs, nothing is injected.
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/auth/token", { data: { email, password: "Passw0rd!" } })
  return ((await response.json()) as { token: string }).token
}

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  expect(await page.locator('img[src="x"]').count()).toBe(0)
}

test.describe.configure({ mode: "serial" })

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("a review whose comment holds markup is shown as text on the doctor's profile", async ({ page, request }) => {
  const token = await tokenOf(request, "patient@demo.sn")
  const auth = { Authorization: `Bearer ${token}` }
  const session = await (await request.get("/api/v1/session", { headers: auth })).json()
  const search = await (
    await request.post("/api/v1/doctors/search", { data: { paginationSettings: { offset: 0, limit: 1 }, query: { keyword: "Moussa Ndiaye" } } })
  ).json()
  const doctorId = search.data[0].id as string
  const comment = `${PAYLOAD} Très bon accueil, consultation claire et utile.`
  const created = await request.post("/api/v1/reviews", { headers: auth, data: { patientId: session.metadata.patient.id, doctorId, rating: 4, comment } })
  expect(created.status()).toBe(201)
  const reviewId = (await created.json()).id as string
  try {
    await page.goto(`/doctors/${doctorId}`)
    await page.getByRole("button", { name: /avis/i }).first().click()
    await expect(page.getByText("Très bon accueil, consultation claire et utile.", { exact: false })).toBeVisible()
    await expect(page.getByText(PAYLOAD, { exact: false })).toBeVisible()
    await expectNothingRan(page)
  } finally {
    await request.put(`/api/v1/reviews/delete/${reviewId}`, { headers: auth })
  }
})

test("a name holding markup is shown as text in the user menu and the profile", async ({ page, request }) => {
  const token = await tokenOf(request, "patient2@demo.sn")
  const auth = { Authorization: `Bearer ${token}` }
  const session = await (await request.get("/api/v1/session", { headers: auth })).json()
  const patientId = session.metadata.patient.id as string
  const patient = await (await request.get(`/api/v1/patients/${patientId}`, { headers: auth })).json()
  const form = patientFormOf(patient)
  const marked = `<b>Fatou</b>${PAYLOAD}`.slice(0, 100)
  expect((await request.put(`/api/v1/patients/${patientId}`, { headers: auth, data: { ...form, firstName: marked } })).status()).toBe(200)
  try {
    await signIn(page, "patient2@demo.sn", "/profile")
    await expect(page.getByTestId("user-menu")).toContainText("<b>Fatou</b>")
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<b>Fatou</b>")
    expect(await page.locator("main b, header b").count()).toBe(0)
    await expectNothingRan(page)
  } finally {
    await request.put(`/api/v1/patients/${patientId}`, { headers: auth, data: form })
  }
})
