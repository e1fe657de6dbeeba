import { expect, test } from "@playwright/test"
import { bigPngFile, MB, pdfFile, pngFile } from "../fixtures/files.ts"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("a patient uploads a profile photo with a progress bar, and deletes it", async ({ page }) => {
  const warnings: string[] = []
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()))
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const banner = page.getByRole("region", { name: "Awa Diop" })
  const avatar = banner.getByRole("img", { name: "Awa Diop" })

  // Over 3 MB: silently refused, a console warning only (SPEC §5).
  await banner.getByLabel("Changer la photo").setInputFiles(bigPngFile(3 * MB + 10))
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

test("a patient uploads a 2 MB PDF record, pausing and resuming the upload on a slow line", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/medical-records")
  await expect(page.getByRole("heading", { name: "Dossiers médicaux" })).toBeVisible()

  // Missing fields and refused files are said next to their field.
  await page.getByRole("button", { name: "Envoyer le document" }).click()
  await expect(page.getByText("Choisissez le type de document.")).toBeVisible()
  await expect(page.getByText("Choisissez un fichier.")).toBeVisible()
  await page.getByLabel("Fichier").setInputFiles(pdfFile(10 * MB + 1, "trop-gros.pdf"))
  await expect(page.getByText("Le fichier dépasse 10 Mo.")).toBeVisible()
  await page.getByLabel("Fichier").setInputFiles({ name: "virus.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") })
  await expect(page.getByText("Formats acceptés : PDF, PNG, JPG, JPEG, DOC, DOCX.")).toBeVisible()

  await page.getByLabel("Type de document").selectOption({ label: "Résultat d'analyse" })
  await page.getByLabel("Description").fill("Bilan sanguin de novembre")
  await page.getByLabel("Fichier").setInputFiles(pdfFile(2 * MB, "bilan-novembre.pdf"))

  // A slow mobile line: about 15 seconds for 2 MB, time enough to pause.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 140 * 1024 })
  await page.getByRole("button", { name: "Envoyer le document" }).click()
  const bar = page.getByRole("progressbar", { name: "Envoi du document" })
  await expect(bar).toBeVisible()
  await expect(page.getByText(/Envoi en cours/)).toBeVisible()

  await page.getByRole("button", { name: "Pause" }).click()
  await expect(page.getByText(/En pause/)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole("button", { name: "Annuler l'envoi" })).toBeDisabled()
  const pausedAt = Number(await bar.getAttribute("aria-valuenow"))
  expect(pausedAt).toBeLessThan(100)
  await page.waitForTimeout(1500)
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBe(pausedAt)

  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  await page.getByRole("button", { name: "Reprendre" }).click()
  await expect(page.getByText("Document ajouté à votre dossier.")).toBeVisible({ timeout: 30_000 })
  const record = page.getByRole("listitem").filter({ hasText: "Bilan sanguin de novembre" })
  await expect(record).toContainText("Résultat d'analyse")
  const link = record.getByRole("link", { name: "bilan-novembre.pdf" })
  const href = await link.getAttribute("href")
  const download = await page.request.get(href!)
  expect(download.status()).toBe(200)
  expect((await download.body()).length).toBe(2 * MB)
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-")
  // The form is ready for the next document.
  await expect(page.getByLabel("Description")).toHaveValue("")
})
