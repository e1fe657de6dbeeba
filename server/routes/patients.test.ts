import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EmergencyContact, Patient, PatientUpdateResponse, type PatientUpdate } from "../../schemas/patient.ts"
import { PatientSettings } from "../../schemas/settings.ts"
import { patients, users } from "../db/schema.ts"
import { SAMPLE_BYTES, uploadedUrl } from "../storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { idsOf } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let me: { token: string; patientId: string; userId: string }
let other: { token: string; patientId: string; userId: string }

beforeAll(async () => {
  gw = await startTestGateway()
  const [a, b] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "patient2@demo.sn")])
  me = { token: await gw.signIn("patient@demo.sn"), patientId: a.patientId!, userId: a.userId }
  other = { token: await gw.signIn("patient2@demo.sn"), patientId: b.patientId!, userId: b.userId }
})
afterAll(async () => {
  await gw?.stop()
})

const decodePatient = Schema.decodeUnknownSync(Patient)

/** The form of SPEC §5 as the profile page sends it, from the record as it is now. */
function formOf(p: Patient): PatientUpdate {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phoneNumber ?? "",
    dateOfBirth: p.dateOfBirth ?? "",
    civility: p.civility ?? "WOMAN",
    bloodType: p.bloodType ?? "UNKNOWN",
    preferredNotificationMethods: [...p.preferredNotificationMethods],
    allergies: [...p.allergies],
    chronicConditions: [...p.chronicConditions],
    locations: p.locations.map((l) => ({ ...l })),
  }
}

async function readMe(token = me.token, id = me.patientId) {
  const response = await gw.api("GET", `/patients/${id}`, { token })
  expect(response.status).toBe(200)
  return decodePatient(response.body)
}

describe("GET /patients/{id}", () => {
  it("gives a patient their whole record", async () => {
    const patient = await readMe()
    expect(patient.id).toBe(me.patientId)
    expect(patient.dependants.length).toBeGreaterThan(0)
    expect(patient.emergencyContacts.map((c) => c.priority)).toEqual([...patient.emergencyContacts.map((c) => c.priority)].sort((a, b) => a - b))
  })

  it("answers FORBIDDEN_ACTION for another patient's id, ROLE_NOT_MATCH for a doctor", async () => {
    const response = await gw.api("GET", `/patients/${other.patientId}`, { token: me.token })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe("FORBIDDEN_ACTION")
    const doctor = await gw.signIn("doctor@demo.sn")
    expect((await gw.api("GET", `/patients/${me.patientId}`, { token: doctor })).body.code).toBe("ROLE_NOT_MATCH")
    expect((await gw.api("GET", "/patients/not-an-id", { token: me.token })).body.code).toBe("INVALID_PARAMETER")
  })
})

describe("PUT /patients/{id}", () => {
  it("saves the form, drops blank allergies and conditions, and answers the record under data", async () => {
    const before = await readMe(other.token, other.patientId)
    const body = { ...formOf(before), phoneNumber: "+221770001122", allergies: ["  Pollen ", "", "   "], chronicConditions: [" ", "Migraine"] }
    const response = await gw.api("PUT", `/patients/${other.patientId}`, { token: other.token, body })
    expect(response.status).toBe(200)
    const saved = Schema.decodeUnknownSync(PatientUpdateResponse)(response.body).data
    expect(saved.phoneNumber).toBe("+221770001122")
    expect(saved.allergies).toEqual(["Pollen"])
    expect(saved.chronicConditions).toEqual(["Migraine"])
  })

  it("keeps each location as typed (SPEC §3: address, city, state, zip, country, primary, residency, coordinates), trimmed, and absent parts as none", async () => {
    const before = await readMe(other.token, other.patientId)
    const full = {
      address: "  Villa 112, rue MZ-12, Mermoz ",
      city: " Dakar ",
      state: "Dakar",
      zip: "10200",
      country: "SENEGAL" as const,
      isPrimary: true,
      residency: "SECOND_HOME" as const,
      coordinates: { lat: 14.7167, lng: -17.4677 },
    }
    const bare = { address: "Quartier Moursal", city: "N'Djamena", country: "CHAD" as const, isPrimary: false }
    const response = await gw.api("PUT", `/patients/${other.patientId}`, { token: other.token, body: { ...formOf(before), locations: [full, bare] } })
    expect(response.status).toBe(200)
    const saved = (await readMe(other.token, other.patientId)).locations.map(({ id: _id, ...l }) => l)
    expect(saved).toEqual([
      { ...full, address: "Villa 112, rue MZ-12, Mermoz", city: "Dakar" },
      { ...bare, state: null, zip: null, residency: null, coordinates: null },
    ])
  })

  it("answers field errors for a bad phone, a future date of birth and two primary locations", async () => {
    const p = await readMe(other.token, other.patientId)
    const form = formOf(p)
    const twoPrimaries = [form.locations[0]!, { ...form.locations[0]!, id: undefined, isPrimary: true }]
    const response = await gw.api("PUT", `/patients/${other.patientId}`, {
      token: other.token,
      body: { ...form, phoneNumber: "+221 77", dateOfBirth: "2999-01-01", locations: twoPrimaries },
    })
    expect(response.status).toBe(400)
    expect(response.body.fields).toEqual(
      expect.arrayContaining([
        { name: "phoneNumber", message: "validation.phoneInvalid" },
        { name: "dateOfBirth", message: "validation.dateOfBirthPast" },
        { name: "locations", message: "validation.onePrimaryLocation" },
      ]),
    )
    const four = Array.from({ length: 4 }, (_, i) => ({ ...form.locations[0]!, isPrimary: i === 0 }))
    expect((await gw.api("PUT", `/patients/${other.patientId}`, { token: other.token, body: { ...form, locations: four } })).body.fields).toContainEqual({
      name: "locations",
      message: "validation.maxLocations",
    })
  })

  it("refuses another patient's record and strips unknown fields", async () => {
    const mine = await readMe()
    expect((await gw.api("PUT", `/patients/${other.patientId}`, { token: me.token, body: formOf(mine) })).body.code).toBe("FORBIDDEN_ACTION")
    const response = await gw.api("PUT", `/patients/${me.patientId}`, {
      token: me.token,
      body: { ...formOf(mine), role: "ADMIN", status: "INACTIVE", userId: other.userId },
    })
    expect(response.status).toBe(200)
    const [user] = await gw.db
      .select()
      .from(users)
      .where(eq(users.id, testIds.user(me.userId)))
    expect(user!.role).toBe("PATIENT")
    const [row] = await gw.db
      .select()
      .from(patients)
      .where(eq(patients.id, testIds.patient(me.patientId)))
    expect(row!.status).toBe("ACTIVE")
  })

  it("saves dependants and medical alerts when sent, keeping ids, and refuses someone else's dependant", async () => {
    const mine = await readMe()
    const [first] = mine.dependants
    const body = {
      ...formOf(mine),
      dependants: [
        { ...first!, firstName: "Moustapha Ibrahima" },
        {
          firstName: "Khadija",
          lastName: "Diop",
          dateOfBirth: "2021-02-03",
          gender: "FEMALE",
          relationship: "CHILD",
          bloodType: "O+",
          allergies: ["Pénicilline"],
        },
      ],
      medicalAlerts: [{ type: "Allergie", description: "Arachides", severity: "HIGH" }],
    }
    const saved = decodePatient((await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body })).body.data)
    expect(saved.dependants.map((d) => d.firstName).sort()).toEqual(["Khadija", "Moustapha Ibrahima"])
    expect(saved.dependants.find((d) => d.firstName === "Moustapha Ibrahima")?.id).toBe(first!.id)
    expect(saved.dependants.find((d) => d.firstName === "Khadija")).toMatchObject({ bloodType: "O+", allergies: ["Pénicilline"] })
    expect(saved.medicalAlerts).toEqual([expect.objectContaining({ type: "Allergie", severity: "HIGH" })])

    const foreign = await gw.api("PUT", `/patients/${me.patientId}`, {
      token: me.token,
      body: { ...formOf(mine), dependants: [{ ...first!, id: "00000000-0000-4000-8000-000000000000" }] },
    })
    expect(foreign.body.code).toBe("FORBIDDEN_ACTION")
    // Without the keys, dependants and alerts stay as they are.
    const untouched = decodePatient((await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: formOf(mine) })).body.data)
    expect(untouched.dependants).toHaveLength(2)
  })

  it("keeps what is typed without its outer spaces (names, dependants, alerts), each notification method once", async () => {
    const mine = await readMe()
    const [first] = mine.dependants
    const body = {
      ...formOf(mine),
      firstName: "  Awa ",
      lastName: " Ndiaye  ",
      preferredNotificationMethods: ["SMS", "EMAIL", "SMS"],
      dependants: [{ ...first!, firstName: "  Moustapha ", lastName: " Diop  " }],
      medicalAlerts: [{ type: "  Allergie ", description: " Arachides  ", severity: "HIGH" }],
    }
    const saved = decodePatient((await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body })).body.data)
    expect([saved.firstName, saved.lastName]).toEqual(["Awa", "Ndiaye"])
    expect([...saved.preferredNotificationMethods].sort()).toEqual(["EMAIL", "SMS"])
    expect(saved.dependants.map((d) => [d.id, d.firstName, d.lastName])).toEqual([[first!.id, "Moustapha", "Diop"]])
    expect(saved.medicalAlerts).toEqual([expect.objectContaining({ type: "Allergie", description: "Arachides" })])
    const only = decodePatient(
      (await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: { ...body, preferredNotificationMethods: ["EMAIL"] } })).body.data,
    )
    expect(only.preferredNotificationMethods).toEqual(["EMAIL"])
  })

  it("refuses a list of dependants with one of someone else's among the patient's own, and changes nothing", async () => {
    const mine = await readMe()
    const child = { firstName: "Aminata", lastName: "Fall", dateOfBirth: "2019-05-06", gender: "FEMALE", relationship: "CHILD" }
    const otherForm = formOf(await readMe(other.token, other.patientId))
    const answer = await gw.api("PUT", `/patients/${other.patientId}`, { token: other.token, body: { ...otherForm, dependants: [child] } })
    const theirs = decodePatient(answer.body.data).dependants[0]
    expect(theirs).toBeDefined()
    const response = await gw.api("PUT", `/patients/${me.patientId}`, {
      token: me.token,
      body: { ...formOf(mine), dependants: [...mine.dependants, { ...theirs!, firstName: "Pris" }] },
    })
    expect(response.body.code).toBe("FORBIDDEN_ACTION")
    expect((await readMe(other.token, other.patientId)).dependants.find((d) => d.id === theirs!.id)?.firstName).toBe(theirs!.firstName)
    expect((await readMe()).dependants).toEqual(mine.dependants)
  })

  it("accepts only a photo the user uploaded to their own place", async () => {
    const mine = await readMe()
    const own = await uploadedUrl(gw, me.token, `profile-photos/user_${me.userId}.jpg`, SAMPLE_BYTES.jpeg)
    const ok = await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: { ...formOf(mine), photoUrl: own } })
    expect(ok.body.data.photoUrl).toBe(own)
    const someoneElse = await uploadedUrl(gw, other.token, `profile-photos/user_${other.userId}.jpg`, SAMPLE_BYTES.jpeg)
    const refused = await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: { ...formOf(mine), photoUrl: someoneElse } })
    expect(refused.body.fields).toEqual([{ name: "photoUrl", message: "validation.photoUrlInvalid" }])
    expect(
      (await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: { ...formOf(mine), photoUrl: "https://tracker.example/x.png" } })).status,
    ).toBe(400)
    const cleared = await gw.api("PUT", `/patients/${me.patientId}`, { token: me.token, body: { ...formOf(mine), photoUrl: null } })
    expect(cleared.body.data.photoUrl).toBeNull()
  })

  it("does not save another sign-in email directly, taken or not: the current password is asked first (the rest in emailChange.test.ts)", async () => {
    const p = await readMe(other.token, other.patientId)
    for (const email of ["Doctor@demo.sn", "nobody.yet@example.sn"]) {
      const response = await gw.api("PUT", `/patients/${other.patientId}`, { token: other.token, body: { ...formOf(p), email } })
      expect(response.status).toBe(400)
      expect(response.body.fields).toEqual([{ name: "currentPassword", message: "validation.currentPasswordRequired" }])
      expect((await readMe(other.token, other.patientId)).email).toBe(p.email)
    }
  })
})

describe("PUT /patients/{id}/settings", () => {
  const settings = {
    appointments: false,
    messages: true,
    reminders: true,
    marketing: false,
    notifications: [],
    visibility: "DOCTORS_ONLY",
    appLanguage: "FR",
    theme: "DARK",
    timeZone: "UTC",
    shareMedicalDataWithDoctors: false,
    allowDirectMessaging: true,
  }

  it("saves the settings with appointment notifications always on", async () => {
    const response = await gw.api("PUT", `/patients/${me.patientId}/settings`, { token: me.token, body: settings })
    expect(response.status).toBe(200)
    const saved = Schema.decodeUnknownSync(PatientSettings)(response.body)
    expect(saved).toMatchObject({ appointments: true, messages: true, visibility: "DOCTORS_ONLY", theme: "DARK", shareMedicalDataWithDoctors: false })
    expect([...saved.notifications].sort()).toEqual(["APPOINTMENTS", "MESSAGES", "REMINDERS"])
    expect((await readMe()).settings.visibility).toBe("DOCTORS_ONLY")
  })

  it("lists exactly the notifications switched on, appointments always among them", async () => {
    const body = { ...settings, messages: false, reminders: false, marketing: true }
    const saved = Schema.decodeUnknownSync(PatientSettings)((await gw.api("PUT", `/patients/${me.patientId}/settings`, { token: me.token, body })).body)
    expect([...saved.notifications].sort()).toEqual(["APPOINTMENTS", "MARKETING"])
    expect(saved).toMatchObject({ messages: false, reminders: false, marketing: true })
  })

  it("refuses REGISTERED_USERS_ONLY for patients, and another patient's settings", async () => {
    const bad = await gw.api("PUT", `/patients/${me.patientId}/settings`, { token: me.token, body: { ...settings, visibility: "REGISTERED_USERS_ONLY" } })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.map((f: { name: string }) => f.name)).toEqual(["visibility"])
    expect((await gw.api("PUT", `/patients/${other.patientId}/settings`, { token: me.token, body: settings })).body.code).toBe("FORBIDDEN_ACTION")
  })
})

describe("emergency contacts", () => {
  const contact = { firstName: "Oumar", lastName: "Ba", phoneNumber: "+221771112233", email: "oumar.ba@mail.sn", relationship: "SIBLING" }

  it("adds a contact last in priority and updates it", async () => {
    const before = await readMe()
    const created = await gw.api("POST", `/patients/${me.patientId}/emergency-contacts`, { token: me.token, body: contact })
    expect(created.status).toBe(201)
    const saved = Schema.decodeUnknownSync(EmergencyContact)(created.body)
    expect(saved.priority).toBe(Math.max(0, ...before.emergencyContacts.map((c) => c.priority)) + 1)
    const updated = await gw.api("PUT", `/patients/emergency-contacts/${saved.id}`, {
      token: me.token,
      body: { ...contact, firstName: "Oumar Sy", email: null },
    })
    expect(updated.body).toMatchObject({ id: saved.id, firstName: "Oumar Sy", email: null })
    const after = await readMe()
    expect(after.emergencyContacts.at(-1)?.id).toBe(saved.id)
  })

  it("keeps a contact's names without outer spaces, and its priority when none is sent", async () => {
    const created = await gw.api("POST", `/patients/${me.patientId}/emergency-contacts`, {
      token: me.token,
      body: { ...contact, firstName: "  Fatou ", lastName: " Sarr  ", email: "  fatou.sarr@mail.sn ", phoneNumber: "+221779998877", priority: 7 },
    })
    const saved = Schema.decodeUnknownSync(EmergencyContact)(created.body)
    expect(saved).toMatchObject({ firstName: "Fatou", lastName: "Sarr", email: "fatou.sarr@mail.sn", priority: 7 })
    const updated = await gw.api("PUT", `/patients/emergency-contacts/${saved.id}`, {
      token: me.token,
      body: { ...contact, firstName: "Fatou", lastName: "Sarr", phoneNumber: "+221779998877", email: null },
    })
    expect(updated.body).toMatchObject({ id: saved.id, email: null, priority: 7 })
    const moved = await gw.api("PUT", `/patients/emergency-contacts/${saved.id}`, {
      token: me.token,
      body: { ...contact, firstName: "Fatou", lastName: "Sarr", phoneNumber: "+221779998877", priority: 2 },
    })
    expect(moved.body).toMatchObject({ id: saved.id, priority: 2 })
    await gw.api("DELETE", `/patients/${me.patientId}/emergency-contacts/${saved.id}`, { token: me.token })
  })

  it("refuses the same phone twice with DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER and a bad phone with its message", async () => {
    const duplicate = await gw.api("POST", `/patients/${me.patientId}/emergency-contacts`, { token: me.token, body: { ...contact, firstName: "Autre" } })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.code).toBe("DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER")
    const bad = await gw.api("POST", `/patients/${me.patientId}/emergency-contacts`, { token: me.token, body: { ...contact, phoneNumber: "12" } })
    expect(bad.body.fields).toContainEqual({ name: "phoneNumber", message: "validation.invalidPhoneNumber" })
  })

  it("keeps another patient's contacts out of reach", async () => {
    const theirs = (await readMe(other.token, other.patientId)).emergencyContacts[0]!
    expect((await gw.api("PUT", `/patients/emergency-contacts/${theirs.id}`, { token: me.token, body: contact })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("POST", `/patients/${other.patientId}/emergency-contacts`, { token: me.token, body: contact })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("PUT", "/patients/emergency-contacts/00000000-0000-4000-8000-000000000000", { token: me.token, body: contact })).body.code).toBe(
      "EMERGENCY_CONTACT_NOT_FOUND",
    )
    // Deleting: through one's own record only, and only one's own contact.
    expect((await gw.api("DELETE", `/patients/${other.patientId}/emergency-contacts/${theirs.id}`, { token: me.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("DELETE", `/patients/${me.patientId}/emergency-contacts/${theirs.id}`, { token: me.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await readMe(other.token, other.patientId)).emergencyContacts.map((c) => c.id)).toContain(theirs.id)
  })

  it("deletes one's own contact, then answers EMERGENCY_CONTACT_NOT_FOUND for it", async () => {
    const created = await gw.api("POST", `/patients/${me.patientId}/emergency-contacts`, { token: me.token, body: { ...contact, phoneNumber: "+23566112233" } })
    const id = (created.body as { id: string }).id
    const deleted = await gw.api("DELETE", `/patients/${me.patientId}/emergency-contacts/${id}`, { token: me.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ ok: true })
    expect((await readMe()).emergencyContacts.map((c) => c.id)).not.toContain(id)
    expect((await gw.api("DELETE", `/patients/${me.patientId}/emergency-contacts/${id}`, { token: me.token })).body.code).toBe("EMERGENCY_CONTACT_NOT_FOUND")
  })
})

describe("medical records", () => {
  const fileUrl = (who: typeof me) => uploadedUrl(gw, who.token, `medical-records/${who.userId}/abc_bilan.pdf`, SAMPLE_BYTES.pdf)

  it("adds a record with the patient's own files and deletes it", async () => {
    const body = { type: "LAB_RESULT", description: "Bilan sanguin", attachments: [{ id: "f1", name: "bilan.pdf", url: await fileUrl(me) }] }
    const created = await gw.api("POST", `/patients/${me.patientId}/medical-records`, { token: me.token, body })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ type: "LAB_RESULT", description: "Bilan sanguin", title: "bilan.pdf" })
    expect((await readMe()).medicalRecords.some((r) => r.id === created.body.id)).toBe(true)
    expect((await gw.api("DELETE", `/patients/${other.patientId}/medical-records/${created.body.id}`, { token: me.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("DELETE", `/patients/${me.patientId}/medical-records/${created.body.id}`, { token: me.token })).status).toBe(200)
    expect((await readMe()).medicalRecords.some((r) => r.id === created.body.id)).toBe(false)
  })

  it("keeps the title and description without outer spaces, a blank title as the first file's name", async () => {
    const attachments = [{ id: "f1", name: "bilan.pdf", url: await fileUrl(me) }]
    const titled = await gw.api("POST", `/patients/${me.patientId}/medical-records`, {
      token: me.token,
      body: { type: "LAB_RESULT", title: "  Bilan de mars ", description: "  Bilan sanguin  ", attachments },
    })
    expect(titled.body).toMatchObject({ title: "Bilan de mars", description: "Bilan sanguin", attachments: [expect.objectContaining({ name: "bilan.pdf" })] })
    const untitled = await gw.api("POST", `/patients/${me.patientId}/medical-records`, {
      token: me.token,
      body: { type: "LAB_RESULT", title: "   ", description: "Bilan", attachments },
    })
    expect(untitled.body).toMatchObject({ title: "bilan.pdf" })
  })

  it("answers NOT_FOUND for a record that does not exist", async () => {
    const response = await gw.api("DELETE", `/patients/${me.patientId}/medical-records/00000000-0000-4000-8000-000000000000`, { token: me.token })
    expect(response.body.code).toBe("NOT_FOUND")
  })

  it("never deletes another patient's record, even through one's own address", async () => {
    const body = { type: "IMAGING", description: "Radio du thorax", attachments: [{ id: "f1", name: "radio.pdf", url: await fileUrl(other) }] }
    const theirs = await gw.api("POST", `/patients/${other.patientId}/medical-records`, { token: other.token, body })
    expect(theirs.status).toBe(201)
    expect((await gw.api("DELETE", `/patients/${me.patientId}/medical-records/${theirs.body.id}`, { token: me.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await readMe(other.token, other.patientId)).medicalRecords.some((r) => r.id === theirs.body.id)).toBe(true)
  })

  it("refuses files from someone else's folder, a missing description and a missing type", async () => {
    const foreign = await gw.api("POST", `/patients/${me.patientId}/medical-records`, {
      token: me.token,
      body: { type: "IMAGING", description: "Radio", attachments: [{ id: "f", name: "x.pdf", url: await fileUrl(other) }] },
    })
    expect(foreign.body.fields).toEqual([{ name: "attachments.0.url", message: "validation.attachmentInvalid" }])
    const missing = await gw.api("POST", `/patients/${me.patientId}/medical-records`, { token: me.token, body: { description: " ", attachments: [] } })
    expect(missing.body.fields.map((f: { name: string }) => f.name).sort()).toEqual(["description", "type"])
  })
})
