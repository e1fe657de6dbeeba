import { expect, type APIRequestContext, type Page } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import { DEMO_PASSWORD } from "./support.ts"

/** A session token for API calls made "by another user" during a browser scenario. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/auth/token", { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { token: string }).token
}

export async function api<T = any>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  })
  return { status: response.status(), body: (await response.json()) as T }
}

/** A patient books a clinic visit in a slot through the API, as another user would meanwhile; answers the gateway's status and body. */
export function bookThroughApi(
  request: APIRequestContext,
  patientToken: string,
  booking: { doctorId: string; patientId: string; slot: { id: string; startsAt: string }; reason: string },
) {
  return api(request, patientToken, "POST", "/appointments", {
    doctorId: booking.doctorId,
    patientId: booking.patientId,
    timeSlotId: booking.slot.id,
    appointmentTime: booking.slot.startsAt,
    appointmentType: "CLINIC",
    reason: booking.reason,
  })
}

/**
 * The next date, in Dakar, on an ISO weekday (1 Monday ... 7 Sunday) whose `time` is still ahead,
 * so a slot created for that weekday at that time is bookable whatever day the test runs.
 */
export function nextDateOn(isoWeekday: number, time: string): Temporal.PlainDate {
  const now = Temporal.Now.zonedDateTimeISO("Africa/Dakar")
  let date = now.toPlainDate()
  while (date.dayOfWeek !== isoWeekday || Temporal.PlainDateTime.compare(date.toPlainDateTime(time), now.toPlainDateTime()) <= 0) {
    date = date.add({ days: 1 })
  }
  return date
}

/** Brings the week of `date` into view in the schedule's week view. */
export async function showWeekOf(page: Page, date: Temporal.PlainDate) {
  const today = Temporal.Now.plainDateISO("Africa/Dakar")
  const weeks = Math.round(date.subtract({ days: date.dayOfWeek - 1 }).since(today.subtract({ days: today.dayOfWeek - 1 })).days / 7)
  for (let i = 0; i < weeks; i++) await page.getByRole("button", { name: "Semaine suivante" }).click()
  await expect(page.getByTestId(`day-${date}`)).toBeVisible()
}

/** Fills the add-availability dialog (French labels) and submits it. */
export async function addAvailability(page: Page, values: { day: string; start: string; end: string; minutes?: number }) {
  await page.getByRole("button", { name: "Ajouter une disponibilité" }).click()
  const dialog = page.getByRole("dialog", { name: "Ajouter une disponibilité" })
  await dialog.getByLabel("Jour").selectOption({ label: values.day })
  await dialog.getByLabel("Heure de début").fill(values.start)
  await dialog.getByLabel("Heure de fin").fill(values.end)
  if (values.minutes) await dialog.getByLabel("Durée d'un créneau (minutes)").fill(String(values.minutes))
  return dialog
}
