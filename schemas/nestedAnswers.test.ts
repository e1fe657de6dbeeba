import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { Appointment } from "./appointment.ts"
import { EmailFunctionRequest } from "./contact.ts"
import { DoctorRequest } from "./doctorRequest.ts"
import { MedicalRecord } from "./patient.ts"
import { Review } from "./review.ts"
import { ManagerMetadata, SessionResponse } from "./session.ts"

// SPEC §3's entities hold others (an appointment its doctor and patient, a review its reviewer):
// the client reads those parts as it reads the whole, so a part that is not what it names is
// refused like the whole would be. Each sample is a valid answer, written here from SPEC; each
// path names a part that must be an entity of its own.

const takes = (schema: Schema.Codec<unknown, unknown, never, never>, value: unknown) => Schema.decodeUnknownExit(schema)(value)._tag === "Success"

type Path = ReadonlyArray<string | number>

/** The sample with the value at `path` replaced. */
function replaced(sample: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (Array.isArray(sample)) return sample.map((item, i) => (i === head ? replaced(item, rest, value) : item))
  const record = sample as Record<string, unknown>
  return { ...record, [head!]: replaced(record[head!], rest, value) }
}

const ids = {
  appointment: "0a5e0000-0000-4000-8000-000000000001",
  doctor: "0a5e0000-0000-4000-8000-000000000002",
  patient: "0a5e0000-0000-4000-8000-000000000003",
  dependant: "0a5e0000-0000-4000-8000-000000000004",
  facility: "0a5e0000-0000-4000-8000-000000000005",
  slot: "0a5e0000-0000-4000-8000-000000000006",
  user: "0a5e0000-0000-4000-8000-000000000007",
}

const appointment = {
  id: ids.appointment,
  doctorId: ids.doctor,
  doctor: { firstName: "Moussa", lastName: "Ndiaye", photoUrl: null, specialties: [{ code: "CARDIOLOGY", label: "Cardiologie" }] },
  patientId: ids.patient,
  patient: {
    id: ids.patient,
    firstName: "Awa",
    lastName: "Diop",
    email: "awa.diop@mail.sn",
    phoneNumber: "+221771234567",
    dateOfBirth: "1990-04-12",
    civility: "WOMAN",
    dependant: { id: ids.dependant, firstName: "Moustapha", lastName: "Diop" },
  },
  appointmentTime: "2026-12-01T09:30:00Z",
  timeZone: "Africa/Dakar",
  appointmentType: "CLINIC",
  status: "CONFIRMED",
  healthcareFacilityId: ids.facility,
  reason: "Douleurs thoraciques",
  location: { address: "1 avenue Nelson Mandela", city: "Dakar", url: null },
  timeSlotId: ids.slot,
  createdAt: "2026-11-25T08:00:00Z",
  noShow: false,
}

const cases: ReadonlyArray<{ name: string; schema: Schema.Codec<unknown, unknown, never, never>; sample: unknown; parts: ReadonlyArray<Path> }> = [
  {
    name: "an appointment: its doctor, the doctor's specialties, its patient, the dependant seen, its place",
    schema: Appointment,
    sample: appointment,
    parts: [["doctor"], ["doctor", "specialties", 0], ["patient"], ["patient", "dependant"], ["location"]],
  },
  {
    name: "a review: its reviewer and its reaction counts",
    schema: Review,
    sample: {
      id: "0a5e0000-0000-4000-8000-000000000010",
      doctorId: ids.doctor,
      comment: "Très bon médecin, à l'écoute.",
      rating: 5,
      postedDate: "2026-11-20T10:00:00Z",
      reviewer: { id: ids.patient, firstName: "Awa", lastName: "Diop" },
      reactionCount: [
        { reactionType: "LIKE", count: 3 },
        { reactionType: "DISLIKE", count: 0 },
      ],
      myReaction: null,
    },
    parts: [["reviewer"], ["reactionCount", 0]],
  },
  {
    name: "a manager's facility",
    schema: ManagerMetadata,
    sample: { phoneNumber: null, healthcareFacility: { id: ids.facility, name: "Clinique du Cap", city: "Dakar" } },
    parts: [["healthcareFacility"]],
  },
  {
    name: "the session: its settings and the records of its role",
    schema: SessionResponse,
    sample: {
      id: ids.user,
      email: "awa.diop@mail.sn",
      roleName: "PATIENT",
      firstName: "Awa",
      lastName: "Diop",
      photoUrl: null,
      settings: {
        appointments: true,
        messages: true,
        reminders: true,
        marketing: false,
        notifications: ["APPOINTMENTS", "MESSAGES", "REMINDERS"],
        visibility: "DOCTORS_ONLY",
        appLanguage: "FR",
        theme: "LIGHT",
        timeZone: "UTC",
        shareMedicalDataWithDoctors: false,
        allowDirectMessaging: true,
      },
      metadata: { manager: { phoneNumber: null, healthcareFacility: null } },
      appointments: [appointment],
    },
    parts: [["settings"], ["metadata", "manager"], ["appointments", 0]],
  },
  {
    name: "a doctor's request: the facility named",
    schema: DoctorRequest,
    sample: {
      id: "0a5e0000-0000-4000-8000-000000000011",
      firstName: "Fatou",
      lastName: "Sarr",
      email: "fatou.sarr@mail.sn",
      phoneNumber: "+221771234567",
      specialtyCode: "PEDIATRICS",
      refNumber: "ONMS-1234",
      facility: { id: ids.facility, name: "Clinique du Cap" },
      message: null,
      status: "PENDING",
      createdAt: "2026-11-25T08:00:00Z",
    },
    parts: [["facility"]],
  },
  {
    name: "a medical record: the doctor named",
    schema: MedicalRecord,
    sample: {
      id: "0a5e0000-0000-4000-8000-000000000012",
      title: "Bilan sanguin",
      type: "LAB_RESULT",
      description: "Bilan de mars",
      date: "2026-03-02",
      doctor: { name: "Dr Moussa Ndiaye", specialty: "Cardiologie" },
      attachments: [{ id: "f1", name: "bilan.pdf", url: "https://example.sn/bilan.pdf" }],
    },
    parts: [["doctor"], ["attachments", 0]],
  },
  {
    name: "the email function's body: its data and the message's context",
    schema: EmailFunctionRequest,
    sample: {
      data: {
        template: "contact-form",
        smtpConfigId: "default",
        context: { name: "Awa Diop", email: "awa.diop@mail.sn", phone: null, subject: "Rendez-vous", message: "Bonjour, je voudrais un rendez-vous." },
      },
    },
    parts: [["data"], ["data", "context"]],
  },
]

describe("the parts of an answer are entities too", () => {
  for (const { name, schema, sample, parts } of cases) {
    it(name, () => {
      expect(takes(schema, sample)).toBe(true)
      for (const path of parts) expect(takes(schema, replaced(sample, path, {})), path.join(".")).toBe(false)
    })
  }
})
