import { and, eq, gte } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Doctor } from "../../schemas/doctor.ts"
import { DoctorSettings } from "../../schemas/settings.ts"
import { dailySlotTimes } from "../../schemas/slotTimes.ts"
import { appointments, timeSlots } from "../db/schema.ts"
import { doctorFormOf } from "../../tests/support/gatewayFixtures.ts"
import { SAMPLE_BYTES, uploadedUrl } from "../storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
let doctorToken: string
let doctor2Token: string
let patientToken: string
let doctor: Doctor

beforeAll(async () => {
  gw = await startTestGateway({ seedDoctors: 4 })
  ;[doctorToken, doctor2Token, patientToken] = await Promise.all([gw.signIn("doctor@demo.sn"), gw.signIn("doctor2@demo.sn"), gw.signIn("patient@demo.sn")])
  doctor = Schema.decodeUnknownSync(Doctor)((await gw.api("GET", "/session", { token: doctorToken })).body.metadata.doctor)
})
afterAll(async () => {
  await gw?.stop()
})

describe("PUT /doctors/{id}", () => {
  it("keeps names, order number and biography trimmed, each spoken language once; a biography left out stays, one sent empty (null) goes", async () => {
    const body = {
      ...doctorFormOf(doctor),
      firstName: "  Moussa ",
      lastName: " Ndiaye ",
      refNumber: " SN-OM-10000 ",
      biography: "  Cardiologue à Dakar, suit l'hypertension artérielle.  ",
      doctorSpokenLanguages: ["FR", "WO", "FR"],
    }
    const saved = Schema.decodeUnknownSync(Doctor)((await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body })).body)
    expect(saved).toMatchObject({
      firstName: "Moussa",
      lastName: "Ndiaye",
      refNumber: "SN-OM-10000",
      biography: "Cardiologue à Dakar, suit l'hypertension artérielle.",
    })
    expect(saved.doctorSpokenLanguages).toEqual(["FR", "WO"])
    const { biography: _kept, ...withoutBiography } = body
    const kept = Schema.decodeUnknownSync(Doctor)((await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body: withoutBiography })).body)
    expect(kept.biography).toBe("Cardiologue à Dakar, suit l'hypertension artérielle.")
    const cleared = Schema.decodeUnknownSync(Doctor)(
      (await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body: { ...body, biography: null } })).body,
    )
    expect(cleared.biography).toBeNull()
  })

  it("is the doctor's own: ROLE_NOT_MATCH for a patient, FORBIDDEN_ACTION for another doctor", async () => {
    const body = doctorFormOf(doctor)
    expect((await gw.api("PUT", `/doctors/${doctor.id}`, { token: patientToken, body })).body.code).toBe("ROLE_NOT_MATCH")
    expect((await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctor2Token, body })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("PUT", `/doctors/${doctor.id}`, { body })).status).toBe(401)
  })

  it("saves the form, replaces locations and services as sent, never the email, and keeps search right", async () => {
    const body = {
      ...doctorFormOf(doctor),
      email: "someone-else@demo.sn",
      lastName: "Ndiaye-Sarr",
      biography: "Cardiologue à Dakar, spécialiste de l'hypertension et du cœur du sportif.",
      website: "https://ndiaye.example.sn",
      phoneNumber: "+221770001122",
      locations: [
        { address: "Avenue Cheikh Anta Diop", city: "Dakar", country: "SENEGAL", isPrimary: false },
        { address: "Route de Thiès", city: "Rufisque", country: "SENEGAL", isPrimary: true },
      ],
      providedServices: [
        { code: "CLINIC", price: 20000 },
        { code: "ONLINE", price: 8000 },
      ],
      doctorSpokenLanguages: ["FR", "WO"],
      insuranceAccepted: ["IPM", " IPM ", "  ", "CSS"],
    }
    const response = await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body })
    expect(response.status).toBe(200)
    const saved = Schema.decodeUnknownSync(Doctor)(response.body)
    expect(saved.email).toBe("doctor@demo.sn")
    expect(saved).toMatchObject({ lastName: "Ndiaye-Sarr", website: "https://ndiaye.example.sn", phoneNumber: "+221770001122", consultationFee: 20000 })
    expect(saved.locations.map((l) => [l.city, l.isPrimary])).toEqual([
      ["Dakar", false],
      ["Rufisque", true],
    ])
    expect(saved.providedServices.map((s) => [s.code, s.price])).toEqual([
      ["CLINIC", 20000],
      ["ONLINE", 8000],
    ])
    expect(saved.insuranceAccepted).toEqual(["IPM", "CSS"])
    // The public search finds the new name and the new primary city.
    const search = await gw.api("POST", "/doctors/search", {
      body: { paginationSettings: { offset: 0, limit: 10 }, query: { keyword: "Ndiaye-Sarr", location: "Rufisque" } },
    })
    expect(search.body.data.map((d: Doctor) => d.id)).toContain(doctor.id)
    // ...and the visit types it now offers, not the ones it dropped.
    const offering = async (code: string) =>
      (
        await gw.api("POST", "/doctors/search", {
          body: { paginationSettings: { offset: 0, limit: 10 }, query: { keyword: "Ndiaye-Sarr", providedServiceCodes: [code] } },
        })
      ).body.data.map((d: Doctor) => d.id)
    expect(await offering("ONLINE")).toContain(doctor.id)
    expect(await offering("HOME")).not.toContain(doctor.id)
  })

  it("answers field errors: biography under 20, two services of a type, no primary location, bad website", async () => {
    const body = {
      ...doctorFormOf(doctor),
      biography: "Trop court",
      website: "pas une adresse",
      providedServices: [
        { code: "CLINIC", price: 1 },
        { code: "CLINIC", price: 2 },
      ],
      locations: [{ address: "Rue 1", city: "Dakar", country: "SENEGAL", isPrimary: false }],
    }
    const response = await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body })
    expect(response.body.code).toBe("VALIDATION_ERROR")
    expect(response.body.fields).toEqual(
      expect.arrayContaining([
        { name: "biography", message: "validation.biographyMin" },
        { name: "website", message: "validation.websiteInvalid" },
        { name: "providedServices", message: "validation.duplicateService" },
        { name: "locations", message: "validation.onePrimaryLocation" },
      ]),
    )
  })
})

describe("the doctor's photo through PUT /doctors/{id}", () => {
  const photo = (userId: string) =>
    `http://localhost/v0/b/promed-local.appspot.com/o/${encodeURIComponent(`profile-photos/user_${userId}.png`)}?alt=media&token=t`

  it("takes the doctor's own upload, refuses someone else's file, and clears it with null", async () => {
    const body = doctorFormOf(doctor)
    const other = await gw.api("PUT", `/doctors/${doctor.id}`, {
      token: doctorToken,
      body: { ...body, photoUrl: photo("00000000-0000-4000-8000-000000000009") },
    })
    expect(other.body.fields).toEqual([{ name: "photoUrl", message: "validation.photoUrlInvalid" }])
    const upload = await uploadedUrl(gw, doctorToken, `profile-photos/user_${doctor.userId}.png`, SAMPLE_BYTES.png)
    const own = await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body: { ...body, photoUrl: upload } })
    expect(own.body.photoUrl).toBe(upload)
    const cleared = await gw.api("PUT", `/doctors/${doctor.id}`, { token: doctorToken, body: { ...body, photoUrl: null } })
    expect(cleared.body.photoUrl).toBeNull()
  })
})

describe("PUT /doctors/{id}/settings", () => {
  const settingsOf = async (token: string) => Schema.decodeUnknownSync(DoctorSettings)((await gw.api("GET", "/session", { token })).body.settings)
  const update = (s: DoctorSettings) => {
    const { doctorSettingsId: _a, doctorId: _b, ...rest } = s
    return rest
  }

  it("is the doctor's own", async () => {
    const body = update(await settingsOf(doctorToken))
    expect((await gw.api("PUT", `/doctors/${doctor.id}/settings`, { token: patientToken, body })).body.code).toBe("ROLE_NOT_MATCH")
    expect((await gw.api("PUT", `/doctors/${doctor.id}/settings`, { token: doctor2Token, body })).body.code).toBe("FORBIDDEN_ACTION")
  })

  it("checks the bounds of SPEC §5", async () => {
    const body = { ...update(await settingsOf(doctorToken)), maxDailyAppointment: 51, bufferTime: 4, defaultConsultationDuration: 241 }
    const response = await gw.api("PUT", `/doctors/${doctor.id}/settings`, { token: doctorToken, body })
    expect(response.body.fields).toEqual(
      expect.arrayContaining([
        { name: "maxDailyAppointment", message: "validation.maxDailyAppointmentMax" },
        { name: "bufferTime", message: "validation.bufferTimeMin" },
        { name: "defaultConsultationDuration", message: "validation.consultationDurationMax" },
      ]),
    )
  })

  it("saves, keeps the appointments notification on, and replans free slots ahead under the new buffer and daily maximum", async () => {
    // A booked slot ahead must stay where it is.
    const [booked] = await gw.db
      .select()
      .from(timeSlots)
      .innerJoin(appointments, eq(appointments.timeSlotId, timeSlots.id))
      .where(and(eq(timeSlots.doctorId, doctor.id), eq(timeSlots.status, "BOOKED"), gte(timeSlots.startsAt, new Date())))
      .limit(1)
    expect(booked).toBeDefined()

    // A Thursday far enough ahead to hold no booking: the seeded 08:30-12:30 and 15:00-18:00, and
    // a midday availability 10 minutes after the morning. Under the 15-minute buffer its 12:40 slot
    // is skipped.
    let thursday = Temporal.Now.plainDateISO("Africa/Dakar").add({ days: 15 })
    while (thursday.dayOfWeek !== 4) thursday = thursday.add({ days: 1 })
    const dayPath = `/doctor-availability/${doctor.id}/time-slots?startDate=${thursday}&endDate=${thursday}`
    const startsOf = async () => (await gw.api("GET", dayPath, { token: doctorToken })).body.map((s: { slotStartTime: string }) => s.slotStartTime)
    const midday = { dayOfWeek: "THURSDAY", startTime: "12:40", endTime: "14:40", isRecurring: true, slotDurationMinutes: 30 }
    expect((await gw.api("POST", `/doctor-availability/${doctor.id}`, { token: doctorToken, body: midday })).status).toBe(201)
    const grid = (startTime: string, endTime: string) =>
      dailySlotTimes({ startTime, endTime, slotDurationMinutes: 30, maxDailyAppointment: 50 }).map((s) => s.startTime)
    expect(await startsOf()).toEqual([...grid("08:30", "12:30"), "13:10", "13:40", "14:10", ...grid("15:00", "18:00")])

    const body = {
      ...update(await settingsOf(doctorToken)),
      bufferTime: 5,
      maxDailyAppointment: 10,
      notifications: ["REVIEWS"],
      autoConfirmAppointments: true,
      visibility: "REGISTERED_USERS_ONLY",
    }
    const response = await gw.api("PUT", `/doctors/${doctor.id}/settings`, { token: doctorToken, body })
    expect(response.status).toBe(200)
    const saved = Schema.decodeUnknownSync(DoctorSettings)(response.body)
    expect(saved).toMatchObject({ bufferTime: 5, maxDailyAppointment: 10, autoConfirmAppointments: true, visibility: "REGISTERED_USERS_ONLY" })
    expect(saved.notifications).toEqual(expect.arrayContaining(["APPOINTMENTS", "REVIEWS"]))
    expect(await settingsOf(doctorToken)).toEqual(saved)

    // Replanned: 12:40 is 10 minutes after the morning, enough now; the day stops at 10 slots.
    expect(await startsOf()).toEqual([...grid("08:30", "12:30"), "12:40", "13:10"])

    const [still] = await gw.db.select().from(timeSlots).where(eq(timeSlots.id, booked!.time_slots.id))
    expect([still?.status, still?.startTime]).toEqual(["BOOKED", booked!.time_slots.startTime])
    // No free slot overlaps a booked one.
    const day = await gw.db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.doctorId, doctor.id), eq(timeSlots.slotDate, booked!.time_slots.slotDate)))
    const taken = day.filter((s) => s.status === "BOOKED")
    for (const free of day.filter((s) => s.status === "AVAILABLE")) {
      for (const b of taken) expect(free.startTime < b.endTime && b.startTime < free.endTime).toBe(false)
    }
  })
})
