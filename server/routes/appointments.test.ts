import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Appointment, AppointmentList } from "../../schemas/appointment.ts"
import { appointments, dependants, locations, timeSlots } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookForDependant, bookingBody, idsOf, insertSlot, nextAvailableSlot, slotStatus } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let patient: { token: string; patientId: string; userId: string }
let patient2: { token: string; patientId: string; userId: string }
let doctor: { token: string; doctorId: string }
let doctor2: { token: string; doctorId: string }

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  const [p, p2, d, d2] = await Promise.all([
    idsOf(gw, "patient@demo.sn"),
    idsOf(gw, "patient2@demo.sn"),
    idsOf(gw, "doctor@demo.sn"),
    idsOf(gw, "doctor2@demo.sn"),
  ])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId!, userId: p.userId }
  patient2 = { token: await gw.signIn("patient2@demo.sn"), patientId: p2.patientId!, userId: p2.userId }
  doctor = { token: await gw.signIn("doctor@demo.sn"), doctorId: d.doctorId! }
  doctor2 = { token: await gw.signIn("doctor2@demo.sn"), doctorId: d2.doctorId! }
})
afterAll(async () => {
  await gw?.stop()
})

const decode = Schema.decodeUnknownSync(Appointment)

/** A dependant as an appointment's parties see it: name, birth date and sex (issue 39). */
const asBooked = (child: typeof dependants.$inferSelect) => ({
  id: child.id,
  firstName: child.firstName,
  lastName: child.lastName,
  dateOfBirth: child.dateOfBirth,
  gender: child.gender,
})

describe("POST /appointments by a patient", () => {
  it("books an AVAILABLE slot as CONFIRMED and marks the slot BOOKED", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 30)
    const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(response.status).toBe(201)
    const appointment = decode(response.body)
    expect(appointment).toMatchObject({
      status: "CONFIRMED",
      timeSlotId: slot.id,
      appointmentTime: slot.startsAtUtc,
      appointmentType: "CLINIC",
      doctorId: doctor.doctorId,
      patientId: patient.patientId,
      timeZone: slot.timeZone,
    })
    expect(appointment.appointmentTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(appointment.patient.dependant).toBeNull()
    // SPEC §2: the appointment shows its doctor's specialty.
    expect(appointment.doctor.specialties).toContainEqual(expect.objectContaining({ code: "CARDIOLOGY" }))
    expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
  })

  it("books for one of the patient's own dependants, whom the appointment's doctor then sees (issue 39), and no other doctor", async () => {
    const { child, response } = await bookForDependant(
      gw,
      { token: patient.token, patientId: testIds.patient(patient.patientId) },
      testIds.doctor(doctor.doctorId),
      31,
    )
    expect(response.status).toBe(201)
    expect(decode(response.body).patient.dependant).toEqual(asBooked(child))
    const id = decode(response.body).id
    const seen = asBooked(child)
    const listed = Schema.decodeUnknownSync(AppointmentList)((await gw.api("GET", "/appointments", { token: doctor.token })).body).find((a) => a.id === id)
    expect(listed?.patient.dependant).toEqual(seen)
    expect(decode((await gw.api("GET", `/appointments/${id}`, { token: doctor.token })).body).patient.dependant).toEqual(seen)
    const other = await gw.api("GET", `/appointments/${id}`, { token: doctor2.token })
    expect(other.status).toBe(403)
    expect(JSON.stringify(other.body)).not.toContain(child.firstName)
    const othersList = (await gw.api("GET", "/appointments", { token: doctor2.token })).body as Array<{ id: string }>
    expect(othersList.map((a) => a.id)).not.toContain(id)
  })

  it("refuses a booking for another patient or another patient's dependant with FORBIDDEN_ACTION", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 32)
    const forOther = await gw.api("POST", "/appointments", { token: patient2.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(forOther.status).toBe(403)
    expect(forOther.body.code).toBe("FORBIDDEN_ACTION")
    const [child] = await gw.db
      .select()
      .from(dependants)
      .where(eq(dependants.patientId, testIds.patient(patient.patientId)))
    const othersChild = await gw.api("POST", "/appointments", {
      token: patient2.token,
      body: bookingBody(slot, testIds.patient(patient2.patientId), { dependantId: child!.id }),
    })
    expect(othersChild.body.code).toBe("FORBIDDEN_ACTION")
    expect(await slotStatus(gw, slot.id)).toBe("AVAILABLE")
  })

  it("answers TIME_SLOT_ALREADY_BOOKED to the second patient asking for the same slot", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 33)
    expect((await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })).status).toBe(201)
    const second = await gw.api("POST", "/appointments", { token: patient2.token, body: bookingBody(slot, testIds.patient(patient2.patientId)) })
    expect(second.status).toBe(409)
    expect(second.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
  })

  it("refuses a free slot that is no longer offered (withdrawn by the doctor, or expired) as taken", async () => {
    for (const [status, days] of [
      ["CANCELLED", 36],
      ["EXPIRED", 37],
    ] as const) {
      const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), days)
      await gw.db.update(timeSlots).set({ status }).where(eq(timeSlots.id, slot.id))
      const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
      expect(response.status).toBe(409)
      expect(response.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
      expect(await slotStatus(gw, slot.id)).toBe(status)
      expect(await gw.db.select().from(appointments).where(eq(appointments.timeSlotId, slot.id))).toEqual([])
    }
  })

  it("refuses a slot of another doctor, a past slot and a time that is not the slot's", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor2.doctorId), 34)
    const wrongDoctor = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody({ ...slot, doctorId: testIds.doctor(doctor.doctorId) }, testIds.patient(patient.patientId)),
    })
    expect(wrongDoctor.body.code).toBe("TIME_SLOT_NOT_FOUND")
    const past = await insertSlot(gw, testIds.doctor(doctor.doctorId), -2)
    expect((await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(past, testIds.patient(patient.patientId)) })).body.code).toBe(
      "BUSINESS_ERROR",
    )
    const mine = await insertSlot(gw, testIds.doctor(doctor.doctorId), 35)
    const wrongTime = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody({ ...mine, startsAtUtc: "2030-01-01T08:00:00Z" }, testIds.patient(patient.patientId)),
    })
    expect(wrongTime.body.code).toBe("VALIDATION_ERROR")
    expect(wrongTime.body.fields).toEqual([{ name: "appointmentTime", message: "validation.dateInvalid" }])
    expect(await slotStatus(gw, mine.id)).toBe("AVAILABLE")
  })

  it("refuses ONLINE (coming soon), a type the doctor does not offer, and HOME without a home address", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 36)
    const online = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId), { appointmentType: "ONLINE" }),
    })
    expect(online.body.code).toBe("BUSINESS_ERROR")
    const slot2 = await insertSlot(gw, testIds.doctor(doctor2.doctorId), 36)
    const noHomeService = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot2, testIds.patient(patient.patientId), { appointmentType: "HOME" }),
    })
    expect(noHomeService.body.code).toBe("PROVIDED_SERVICE_NOT_FOUND")

    await gw.db
      .update(locations)
      .set({ residency: "OTHER" })
      .where(eq(locations.userId, testIds.user(patient2.userId)))
    const noAddress = await gw.api("POST", "/appointments", {
      token: patient2.token,
      body: bookingBody(slot, testIds.patient(patient2.patientId), { appointmentType: "HOME" }),
    })
    expect(noAddress.body.code).toBe("BUSINESS_ERROR")
    expect(noAddress.body.fields).toEqual([{ name: "appointmentType", message: "validation.homeAddressRequired" }])
    await gw.db
      .update(locations)
      .set({ residency: "HOME" })
      .where(eq(locations.userId, testIds.user(patient2.userId)))

    const home = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId), { appointmentType: "HOME" }),
    })
    expect(home.status).toBe(201)
    expect(decode(home.body).location?.address).toContain("Mermoz")
    // Not the city of the slot's facility: the doctor comes to the patient.
    expect(decode(home.body).location?.city).toBeNull()
  })

  it("decodes the body with the shared schema: the gateway decides the status and drops unknown fields", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 37)
    const response = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId), { status: "CANCELED", canceledAt: "2020-01-01T00:00:00Z", isAdmin: true }),
    })
    expect(response.status).toBe(201)
    expect(response.body.status).toBe("CONFIRMED")
    const [row] = await gw.db.select().from(appointments).where(eq(appointments.id, response.body.id))
    expect(row!.canceledAt).toBeNull()
  })

  it("answers field errors for a blank reason and ids that are not ids", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 38)
    const blank = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId), { reason: "   " }),
    })
    expect(blank.status).toBe(400)
    expect(blank.body.fields).toContainEqual({ name: "reason", message: "validation.reasonRequired" })
    const badId = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody({ ...slot, id: "slot-1" }, testIds.patient(patient.patientId)),
    })
    expect(badId.body.fields).toContainEqual({ name: "timeSlotId", message: "validation.idInvalid" })
  })

  it("is refused to managers and visitors", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 39)
    const manager = await gw.signIn("manager@demo.sn")
    expect((await gw.api("POST", "/appointments", { token: manager, body: bookingBody(slot, testIds.patient(patient.patientId)) })).body.code).toBe(
      "ROLE_NOT_MATCH",
    )
    expect((await gw.api("POST", "/appointments", { body: bookingBody(slot, testIds.patient(patient.patientId)) })).status).toBe(401)
  })
})

describe("POST /appointments by a doctor", () => {
  it("books into the doctor's own slot for a patient who has seen them", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 40)
    const response = await gw.api("POST", "/appointments", { token: doctor.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(response.status).toBe(201)
    expect(response.body.status).toBe("CONFIRMED")
  })

  it("refuses another doctor's slot and a patient without history with FORBIDDEN_ACTION", async () => {
    const othersSlot = await insertSlot(gw, testIds.doctor(doctor2.doctorId), 41)
    expect((await gw.api("POST", "/appointments", { token: doctor.token, body: bookingBody(othersSlot, testIds.patient(patient.patientId)) })).body.code).toBe(
      "FORBIDDEN_ACTION",
    )
    const slot = await insertSlot(gw, testIds.doctor(doctor2.doctorId), 42)
    const stranger = await gw.api("POST", "/appointments", { token: doctor2.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(stranger.body.code).toBe("FORBIDDEN_ACTION")
  })
})

describe("GET /appointments and /appointments/{id}", () => {
  it("lists only the caller's own appointments, newest first", async () => {
    const mine = Schema.decodeUnknownSync(AppointmentList)((await gw.api("GET", "/appointments", { token: patient.token })).body)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((a) => a.patientId === patient.patientId)).toBe(true)
    const times = mine.map((a) => a.appointmentTime)
    expect([...times].sort().reverse()).toEqual(times)
    const theirs = Schema.decodeUnknownSync(AppointmentList)((await gw.api("GET", "/appointments", { token: patient2.token })).body)
    expect(theirs.some((a) => a.patientId === patient.patientId)).toBe(false)
    const doctors = Schema.decodeUnknownSync(AppointmentList)((await gw.api("GET", "/appointments", { token: doctor.token })).body)
    expect(doctors.length).toBeGreaterThan(0)
    expect(doctors.every((a) => a.doctorId === doctor.doctorId)).toBe(true)
  })

  it("shows an appointment to its patient and its doctor only", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 43)
    const { body } = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(decode((await gw.api("GET", `/appointments/${body.id}`, { token: patient.token })).body).id).toBe(body.id)
    expect((await gw.api("GET", `/appointments/${body.id}`, { token: doctor.token })).status).toBe(200)
    const other = await gw.api("GET", `/appointments/${body.id}`, { token: patient2.token })
    expect(other.status).toBe(403)
    expect(other.body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("GET", `/appointments/${body.id}`, { token: doctor2.token })).body.code).toBe("FORBIDDEN_ACTION")
    const unknown = await gw.api("GET", "/appointments/00000000-0000-4000-8000-000000000000", { token: patient.token })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("APPOINTMENT_NOT_FOUND")
    expect((await gw.api("GET", "/appointments/not-an-id", { token: patient.token })).body.code).toBe("INVALID_PARAMETER")
  })
})

async function book(hoursAhead: number, token = patient.token, patientId = patient.patientId) {
  const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), hoursAhead)
  const response = await gw.api("POST", "/appointments", { token, body: bookingBody(slot, testIds.patient(patientId)) })
  expect(response.status).toBe(201)
  return { slot, appointment: decode(response.body) }
}

describe("PUT /appointments/cancel/{id}", () => {
  it("cancels more than 24 hours ahead and frees the slot", async () => {
    const { slot, appointment } = await book(25)
    const response = await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token })
    expect(response.status).toBe(200)
    expect(decode(response.body).status).toBe("CANCELED")
    expect(await slotStatus(gw, slot.id)).toBe("AVAILABLE")
    // The freed slot can be booked again by someone else.
    expect((await gw.api("POST", "/appointments", { token: patient2.token, body: bookingBody(slot, testIds.patient(patient2.patientId)) })).status).toBe(201)
  })

  it("answers CANCELLATION_RESTRICTED inside 24 hours and keeps everything as it was", async () => {
    const { slot, appointment } = await book(23)
    const response = await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe("CANCELLATION_RESTRICTED")
    expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
    expect(decode((await gw.api("GET", `/appointments/${appointment.id}`, { token: patient.token })).body).status).toBe("CONFIRMED")
  })

  it("lets the doctor of the appointment cancel, not another patient, and not twice", async () => {
    const { appointment } = await book(50)
    expect((await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient2.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: doctor.token })).status).toBe(200)
    expect((await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token })).body.code).toBe("BUSINESS_ERROR")
  })
})

describe("PUT /appointments/{id} (reschedule)", () => {
  it("moves to another AVAILABLE slot of the same doctor and frees the old one", async () => {
    const { slot: oldSlot, appointment } = await book(60)
    const newSlot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 70)
    const response = await gw.api("PUT", `/appointments/${appointment.id}`, {
      token: patient.token,
      body: { timeSlotId: newSlot.id, appointmentTime: newSlot.startsAtUtc },
    })
    expect(response.status).toBe(200)
    expect(decode(response.body)).toMatchObject({ timeSlotId: newSlot.id, appointmentTime: newSlot.startsAtUtc, status: "CONFIRMED" })
    expect(await slotStatus(gw, oldSlot.id)).toBe("AVAILABLE")
    expect(await slotStatus(gw, newSlot.id)).toBe("BOOKED")
  })

  it("refuses a booked slot or another doctor's slot, changing nothing", async () => {
    const { slot: oldSlot, appointment } = await book(61)
    const { slot: taken } = await book(62, patient2.token, patient2.patientId)
    const booked = await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body: { timeSlotId: taken.id } })
    expect(booked.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    const elsewhere = await insertSlot(gw, testIds.doctor(doctor2.doctorId), 63)
    expect((await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body: { timeSlotId: elsewhere.id } })).body.code).toBe(
      "TIME_SLOT_NOT_FOUND",
    )
    expect(await slotStatus(gw, oldSlot.id)).toBe("BOOKED")
    expect(decode((await gw.api("GET", `/appointments/${appointment.id}`, { token: patient.token })).body).timeSlotId).toBe(oldSlot.id)
  })

  it("follows the 24-hour rule and the ownership rule; the doctor may reschedule", async () => {
    const { appointment: soon } = await book(20)
    const target = await insertSlot(gw, testIds.doctor(doctor.doctorId), 80)
    expect((await gw.api("PUT", `/appointments/${soon.id}`, { token: patient.token, body: { timeSlotId: target.id } })).body.code).toBe(
      "CANCELLATION_RESTRICTED",
    )
    const { appointment } = await book(64)
    expect((await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient2.token, body: { timeSlotId: target.id } })).body.code).toBe(
      "FORBIDDEN_ACTION",
    )
    const byDoctor = await gw.api("PUT", `/appointments/${appointment.id}`, { token: doctor.token, body: { timeSlotId: target.id } })
    expect(byDoctor.status).toBe(200)
    expect(byDoctor.body.timeSlotId).toBe(target.id)
  })

  it("changes the reason alone (sent with the appointment's own slot or none), without its outer spaces, and nothing else", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 66)
    const created = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId), { reason: "  Douleurs au dos  " }),
    })
    const appointment = decode(created.body)
    expect(appointment.reason).toBe("Douleurs au dos")
    const same = await gw.api("PUT", `/appointments/${appointment.id}`, {
      token: patient.token,
      body: { timeSlotId: slot.id, appointmentTime: slot.startsAtUtc, reason: " Contrôle du dos " },
    })
    expect(same.status).toBe(200)
    expect(decode(same.body)).toMatchObject({ reason: "Contrôle du dos", timeSlotId: slot.id, appointmentTime: slot.startsAtUtc })
    const nothing = await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body: {} })
    expect(nothing.status).toBe(200)
    expect(decode(nothing.body)).toMatchObject({ reason: "Contrôle du dos", timeSlotId: slot.id })
    expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
  })

  it("refuses a time that is not the new slot's, keeping the old slot", async () => {
    const { slot: oldSlot, appointment } = await book(67)
    const target = await insertSlot(gw, testIds.doctor(doctor.doctorId), 68)
    const response = await gw.api("PUT", `/appointments/${appointment.id}`, {
      token: patient.token,
      body: { timeSlotId: target.id, appointmentTime: oldSlot.startsAtUtc },
    })
    expect(response.body.fields).toEqual([{ name: "appointmentTime", message: "validation.dateInvalid" }])
    expect([await slotStatus(gw, oldSlot.id), await slotStatus(gw, target.id)]).toEqual(["BOOKED", "AVAILABLE"])
  })

  it("works on the slots the schedule generated", async () => {
    const generated = await nextAvailableSlot(gw, testIds.doctor(doctor.doctorId), 48)
    const { appointment } = await book(90)
    const response = await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body: { timeSlotId: generated.id } })
    expect(response.status).toBe(200)
    expect(response.body.appointmentTime).toBe(generated.startsAtUtc)
  })
})
