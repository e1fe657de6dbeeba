import { eq } from "drizzle-orm"
import ICAL from "ical.js"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Appointment } from "../../schemas/appointment.ts"
import { Temporal } from "temporal-polyfill"
import { appointments, doctorSettings, timeSlots } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookForDependant, bookingBody, idsOf, insertSlot } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let patient: { token: string; patientId: string }
let patient2: { token: string }
let doctor: { token: string; doctorId: string }
let doctor2: { token: string }

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  const [p, d] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "doctor@demo.sn")])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId! }
  patient2 = { token: await gw.signIn("patient2@demo.sn") }
  doctor = { token: await gw.signIn("doctor@demo.sn"), doctorId: d.doctorId! }
  doctor2 = { token: await gw.signIn("doctor2@demo.sn") }
})
afterAll(async () => {
  await gw?.stop()
})

const decode = Schema.decodeUnknownSync(Appointment)

async function book(hoursAhead: number) {
  const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), hoursAhead)
  const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
  expect(response.status).toBe(201)
  return { slot, appointment: decode(response.body) }
}

/** The calendar file as a calendar application reads it (ical.js), zones registered from the file itself. */
async function calendarOf(id: string, token = patient.token) {
  const response = await gw.api("GET", `/appointments/${id}/calendar.ics`, { token })
  expect(response.status).toBe(200)
  const calendar = new ICAL.Component(ICAL.parse(response.text))
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  const vevent = calendar.getFirstSubcomponent("vevent")!
  return { response, calendar, vevent, event: new ICAL.Event(vevent) }
}

describe("GET /appointments/{id}/calendar.ics", () => {
  it("answers the patient text/calendar: a stable UID, SEQUENCE 0, the appointment's time in its zone, the place and the doctor, no reason", async () => {
    const { slot, appointment } = await book(40)
    const first = await calendarOf(appointment.id)
    expect(first.response.headers.get("content-type")).toBe("text/calendar; charset=utf-8")
    expect(first.response.headers.get("content-disposition")).toMatch(/^attachment; filename="promed-\d{4}-\d{2}-\d{2}\.ics"$/)
    expect(first.response.text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(first.response.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/)
    expect(first.calendar.getFirstPropertyValue("method")).toBe("PUBLISH")
    expect(first.event.uid).toBe(`${appointment.id}@promed`)
    expect(first.event.sequence).toBe(0)
    expect(first.vevent.getFirstPropertyValue("status")).toBe("CONFIRMED")
    expect(first.event.startDate.toJSDate().toISOString().replace(".000", "")).toBe(appointment.appointmentTime)
    expect(first.vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe(slot.timeZone)
    // The slot's half hour.
    expect(first.event.endDate.toJSDate().getTime() - first.event.startDate.toJSDate().getTime()).toBe(30 * 60_000)
    expect(first.event.summary).toBe(`Promed – Dr ${appointment.doctor.firstName} ${appointment.doctor.lastName}`)
    expect(first.event.location).toBe(`${appointment.location!.address}, ${appointment.location!.city}`)
    expect(first.response.text).not.toContain(appointment.reason)

    const again = await calendarOf(appointment.id)
    expect(again.event.uid).toBe(first.event.uid)
    expect(again.event.sequence).toBe(0)
  })

  it("lasts the slot; without its slot, or with an end not after its start, the doctor's consultation length", async () => {
    await gw.db
      .update(doctorSettings)
      .set({ defaultConsultationDuration: 20 })
      .where(eq(doctorSettings.doctorId, testIds.doctor(doctor.doctorId)))
    try {
      // A morning two days ahead: the slot's end stays on its day.
      const morning = Temporal.Now.plainDateISO("Africa/Dakar").add({ days: 2 }).toZonedDateTime({ timeZone: "Africa/Dakar", plainTime: "10:00" })
      const { slot, appointment } = await book(Temporal.Now.instant().until(morning.toInstant()).total("hours"))
      const minutes = async () => {
        const { event } = await calendarOf(appointment.id)
        return (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000
      }
      const endAfter = (added: number) => Temporal.PlainTime.from(slot.startTime).add({ minutes: added }).toString({ smallestUnit: "minute" })
      await gw.db
        .update(timeSlots)
        .set({ endTime: endAfter(45) })
        .where(eq(timeSlots.id, slot.id))
      expect(await minutes()).toBe(45)
      await gw.db.update(timeSlots).set({ endTime: slot.startTime }).where(eq(timeSlots.id, slot.id))
      expect(await minutes()).toBe(20)
      await gw.db.update(appointments).set({ timeSlotId: null }).where(eq(appointments.id, appointment.id))
      expect(await minutes()).toBe(20)
    } finally {
      await gw.db
        .update(doctorSettings)
        .set({ defaultConsultationDuration: 30 })
        .where(eq(doctorSettings.doctorId, testIds.doctor(doctor.doctorId)))
    }
  })

  it("grows SEQUENCE with a reschedule and follows the new time, under the same UID", async () => {
    const { appointment } = await book(41)
    const target = await insertSlot(gw, testIds.doctor(doctor.doctorId), 90)
    const moved = await gw.api("PUT", `/appointments/${appointment.id}`, {
      token: patient.token,
      body: { timeSlotId: target.id, appointmentTime: target.startsAtUtc },
    })
    expect(moved.status).toBe(200)
    const after = await calendarOf(appointment.id)
    expect(after.event.uid).toBe(`${appointment.id}@promed`)
    expect(after.event.sequence).toBe(1)
    expect(after.event.startDate.toJSDate().toISOString().replace(".000", "")).toBe(target.startsAtUtc)
    // A reason alone changed is not a new time: the calendar's version stays.
    expect((await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body: { reason: "Contrôle annuel" } })).status).toBe(200)
    expect((await calendarOf(appointment.id)).event.sequence).toBe(1)
  })

  it("says STATUS:CANCELLED after a cancellation, as a newer version of the same event", async () => {
    const { appointment } = await book(42)
    expect((await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token })).status).toBe(200)
    const cancelled = await calendarOf(appointment.id)
    expect(cancelled.vevent.getFirstPropertyValue("status")).toBe("CANCELLED")
    expect(cancelled.event.uid).toBe(`${appointment.id}@promed`)
    expect(cancelled.event.sequence).toBe(1)
  })

  it("is the appointment's doctor's too; another patient or doctor gets the detail's refusal", async () => {
    const { appointment } = await book(43)
    const doctorsFile = await calendarOf(appointment.id, doctor.token)
    expect(doctorsFile.event.uid).toBe(`${appointment.id}@promed`)
    // The doctor's agenda names the patient seen, never the doctor themself.
    expect(doctorsFile.event.summary).toBe(`Promed – ${appointment.patient.firstName} ${appointment.patient.lastName}`)
    // Booked for a dependant, the one seen is the dependant.
    const forChild = await bookForDependant(gw, { token: patient.token, patientId: testIds.patient(patient.patientId) }, testIds.doctor(doctor.doctorId), 44)
    expect((await calendarOf(decode(forChild.response.body).id, doctor.token)).event.summary).toBe(
      `Promed – ${forChild.child.firstName} ${forChild.child.lastName}`,
    )
    for (const token of [patient2.token, doctor2.token]) {
      const detail = await gw.api("GET", `/appointments/${appointment.id}`, { token })
      const file = await gw.api("GET", `/appointments/${appointment.id}/calendar.ics`, { token })
      expect(file.status).toBe(403)
      expect(file.body).toEqual(detail.body)
      expect(file.body.code).toBe("FORBIDDEN_ACTION")
    }
    expect((await gw.api("GET", `/appointments/${appointment.id}/calendar.ics`)).status).toBe(401)
    const unknown = await gw.api("GET", "/appointments/3f2a0000-0000-4000-8000-00000000dead/calendar.ics", { token: patient.token })
    expect(unknown.body.code).toBe("APPOINTMENT_NOT_FOUND")
  })
})
