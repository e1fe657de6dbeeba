/**
 * Issue 13, "the manager or doctor can see what was sent for an appointment and whether it
 * failed": the doctor's appointment detail lists the notices sent about it. A fresh booking has
 * none; its cancellation sends a notice on the patient's channels, which the list then shows.
 * The second demo doctor and patient: the first doctor's bell is counted by other specs meanwhile.
 */
import { expect, test } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import { api, apiToken, bookThroughApi } from "./doctor-helpers.ts"
import { acceptCookies, signIn } from "./support.ts"

test("the doctor sees the cancellation notice sent to the patient, in French then Arabic at 360 px", async ({ page, request }) => {
  const doctorToken = await apiToken(request, "doctor2@demo.sn")
  const patientToken = await apiToken(request, "patient2@demo.sn")
  const doctorId = (await api(request, doctorToken, "GET", "/session")).body.metadata.doctor.id as string
  const patientId = (await api(request, patientToken, "GET", "/session")).body.metadata.patient.id as string
  // The last free slot two to four weeks ahead: far from the slots other specs book.
  const today = Temporal.Now.plainDateISO("Africa/Dakar")
  const range = `startDate=${today.add({ days: 14 })}&endDate=${today.add({ days: 27 })}`
  const slots = (await api(request, patientToken, "GET", `/doctor-availability/${doctorId}/available-time-slots?${range}`)).body as Array<{
    id: string
    startsAt: string
  }>
  const slot = slots.at(-1)!
  const booked = await bookThroughApi(request, patientToken, { doctorId, patientId, slot, reason: "Contrôle de tension" })
  expect(booked.status).toBe(201)
  const appointmentId = booked.body.id as string

  await acceptCookies(page)
  await signIn(page, "doctor2@demo.sn", `/doctor/appointments/${appointmentId}`)
  const log = page.getByRole("region", { name: "Rappels envoyés" })
  await expect(log).toContainText("Aucun rappel ni avis envoyé pour l'instant.")

  expect((await api(request, patientToken, "PUT", `/appointments/cancel/${appointmentId}`)).status).toBe(200)
  // The notice leaves on the job queue's next turn; the page shows it once reloaded.
  await expect(async () => {
    await page.reload()
    await expect(log.getByRole("listitem").filter({ hasText: "Avis d'annulation · SMS" })).toContainText("Envoyé", { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByRole("region", { name: "Rendez-vous" })).toContainText("Annulé")

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/doctor/appointments/${appointmentId}?lang=ar`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("region", { name: "التذكيرات المرسلة" }).getByRole("listitem").first()).toContainText("إشعار إلغاء")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
