import { expect, test } from "@playwright/test"
import { bigPngFile, MB, onDisk, pdfFile, pngFile } from "../fixtures/files.ts"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

test("a patient uploads a profile photo with a progress bar, and deletes it", async ({ page }) => {
  const warnings: string[] = []
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()))
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const banner = page.getByRole("region", { name: "Awa Diop" })
  const avatar = banner.getByRole("img", { name: "Awa Diop" })

  // Over 3 MB: silently refused, a console warning only (SPEC §5).
  await banner.getByLabel("Changer la photo").setInputFiles(onDisk(bigPngFile(3 * MB + 10)))
  await expect.poll(() => warnings.some((w) => w.includes("over 3 MB"))).toBe(true)
  await expect(banner.getByRole("progressbar")).toHaveCount(0)

  await banner.getByLabel("Changer la photo").setInputFiles(pngFile("moi.png"))
  await expect(banner.getByRole("progressbar", { name: "Envoi de la photo" })).toBeVisible()
  await expect(page.getByText("Photo de profil mise à jour.")).toBeVisible()
  await expect(avatar).toHaveAttribute("src", /profile-photos%2Fuser_[0-9a-f-]+\.png\?alt=media&token=/)
  // The bar goes about a second after the end.
  await expect(banner.getByRole("progressbar")).toHaveCount(0, { timeout: 3000 })
  // The header shows the new photo too (the session was refreshed).
  await expect(page.getByTestId("user-menu").locator("img")).toHaveAttribute("src", /profile-photos%2Fuser_/)
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)

  // A second photo replaces the first one in storage: a new download token.
  const first = await avatar.getAttribute("src")
  await banner.getByLabel("Changer la photo").setInputFiles(pngFile("autre.png"))
  await expect(avatar).not.toHaveAttribute("src", first!)
  await expect(avatar).toHaveAttribute("src", /profile-photos%2Fuser_/)
  expect((await page.request.get(first!)).status()).toBe(403)

  await banner.getByRole("button", { name: "Supprimer la photo" }).click()
  const dialog = page.getByRole("dialog", { name: "Supprimer la photo" })
  await expect(dialog).toContainText("Voulez-vous vraiment supprimer votre photo de profil ?")
  await dialog.getByRole("button", { name: "Supprimer" }).click()
  await expect(page.getByText("Photo de profil supprimée.")).toBeVisible()
  await expect(avatar).toHaveAttribute("src", /default-patient/)
  await expect(banner.getByRole("button", { name: "Supprimer la photo" })).toHaveCount(0)
})

test("a patient uploads a 2 MB PDF record, pausing and resuming the upload mid-way", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/medical-records")
  await expect(page.getByRole("heading", { name: "Dossiers médicaux" })).toBeVisible()

  // Missing fields and refused files are said next to their field.
  await page.getByRole("button", { name: "Envoyer le document" }).click()
  await expect(page.getByText("Choisissez le type de document.")).toBeVisible()
  await expect(page.getByText("Choisissez un fichier.")).toBeVisible()
  await page.getByLabel("Fichier").setInputFiles(onDisk(pdfFile(10 * MB + 1, "trop-gros.pdf")))
  await expect(page.getByText("Le fichier dépasse 10 Mo.")).toBeVisible()
  await page.getByLabel("Fichier").setInputFiles({ name: "virus.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") })
  await expect(page.getByText("Formats acceptés : PDF, PNG, JPG, JPEG, DOC, DOCX.")).toBeVisible()

  await page.getByLabel("Type de document").selectOption({ label: "Résultat d'analyse" })
  // Names of their own, so that repeats of this test against one database find their record only.
  const run = Date.now().toString(36)
  const description = `Bilan sanguin de novembre ${run}`
  const fileName = `bilan-novembre-${run}.pdf`
  await page.getByLabel("Description").fill(description)
  await page.getByLabel("Fichier").setInputFiles(onDisk(pdfFile(2 * MB, fileName)))

  // The line stalls on the second chunk until the patient has paused: the upload cannot finish
  // before the pause holds, however fast this machine is (a throttled line only made it likely).
  let releaseLine!: () => void
  const lineBack = new Promise<void>((resolve) => (releaseLine = resolve))
  let chunks = 0
  await page.route(/\/v0\/b\/[^/]+\/o\?.*upload_id=/, async (route) => {
    if ((route.request().headers()["x-goog-upload-command"] ?? "").includes("upload") && ++chunks === 2) await lineBack
    // A chunk the pause aborted is gone by now.
    await route.continue().catch(() => {})
  })
  await page.getByRole("button", { name: "Envoyer le document" }).click()
  const bar = page.getByRole("progressbar", { name: "Envoi du document" })
  await expect(bar).toBeVisible()
  await expect(page.getByText(/Envoi en cours/)).toBeVisible()
  await expect.poll(() => chunks).toBe(2)

  await page.getByRole("button", { name: "Pause" }).click()
  await expect(page.getByText(/En pause/)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole("button", { name: "Annuler l'envoi" })).toBeDisabled()
  const pausedAt = Number(await bar.getAttribute("aria-valuenow"))
  expect(pausedAt).toBeLessThan(100)
  await page.waitForTimeout(1500)
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBe(pausedAt)

  releaseLine()
  await page.getByRole("button", { name: "Reprendre" }).click()
  await expectToastShown(page, "Document ajouté à votre dossier.", 0, 30_000)
  const record = page.getByRole("listitem").filter({ hasText: description })
  await expect(record).toContainText("Résultat d'analyse")
  const link = record.getByRole("link", { name: fileName })
  const href = await link.getAttribute("href")
  const download = await page.request.get(href!)
  expect(download.status()).toBe(200)
  expect((await download.body()).length).toBe(2 * MB)
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-")
  // The form is ready for the next document.
  await expect(page.getByLabel("Description")).toHaveValue("")
})
