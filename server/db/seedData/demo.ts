import type { DoctorSpec } from "./doctorRows.ts"
import type { PatientSpec } from "./patientRows.ts"
import { CITIES, type CitySeed } from "./places.ts"

const city = (name: string): CitySeed => {
  const found = CITIES.find((c) => c.name === name)
  if (!found) throw new Error(`Unknown city ${name}`)
  return found
}

/** The six accounts the README, the demos and the access-control tests sign in with. */
export const SEED_ACCOUNTS = [
  { email: "patient@demo.sn", role: "PATIENT" },
  { email: "doctor@demo.sn", role: "DOCTOR" },
  { email: "manager@demo.sn", role: "MANAGER" },
  { email: "admin@demo.sn", role: "ADMIN" },
  { email: "patient2@demo.sn", role: "PATIENT" },
  { email: "doctor2@demo.sn", role: "DOCTOR" },
] as const

/** Issue 40: the demo doctor who asks a deposit of every patient (a generated doctor in Dakar, server/db/seed.ts). */
export const DEPOSIT_DOCTOR_EMAIL = "doctor3@demo.sn"

export const DEMO_DOCTOR: DoctorSpec = {
  email: "doctor@demo.sn",
  firstName: "Moussa",
  lastName: "Ndiaye",
  civility: "MAN",
  city: city("Dakar"),
  specialtyCodes: ["CARDIOLOGY", "GENERAL_PRACTITIONER"],
  services: [
    { code: "CLINIC", price: 15000 },
    { code: "HOME", price: 25000 },
    { code: "ONLINE", price: 10000 },
  ],
  facilityNames: ["Hôpital Principal de Dakar", "Clinique du Cap"],
  careerStartYear: 2006,
  spokenLanguages: ["FR", "WO", "EN"],
  insurances: ["IPM", "CSS", "Ascoma", "AXA Assurances Sénégal"],
  biography:
    "Cardiologue à l'Hôpital Principal de Dakar et à la Clinique du Cap, le Dr Moussa Ndiaye suit l'hypertension artérielle, l'insuffisance cardiaque et les bilans cardiologiques avant le sport. Consultations en français, en wolof et en anglais.",
  awards: [
    { title: "Prix d'excellence en pratique clinique", issuer: "Ordre National des Médecins du Sénégal", year: 2019 },
    { title: "Prix jeune chercheur", issuer: "Société Sénégalaise de Cardiologie", year: 2012 },
  ],
  publications: [
    { title: "L'hypertension artérielle de l'adulte à Dakar : étude transversale", journal: "Dakar Médical", year: 2015, url: null },
    {
      title: "Insuffisance cardiaque et observance thérapeutique en Afrique de l'Ouest",
      journal: "Pan African Medical Journal",
      year: 2021,
      url: "https://www.panafrican-med-journal.com/",
    },
  ],
  // Mornings at the hospital, Thursday afternoons at the clinic. Tuesdays stay free: the issue's
  // doctor scenario adds Tuesday 09:00-12:00 itself and sees those 6 slots alone on the day.
  schedule: [
    { days: ["MONDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"], start: "08:30", end: "12:30", facility: 0 },
    { days: ["THURSDAY"], start: "15:00", end: "18:00", facility: 1 },
  ],
  slotDurationMinutes: 30,
  settings: { bufferTime: 15, maxDailyAppointment: 20 },
}

export const DEMO_DOCTOR_2: DoctorSpec = {
  email: "doctor2@demo.sn",
  firstName: "Aïcha",
  lastName: "Mahamat",
  civility: "WOMAN",
  city: city("N'Djamena"),
  specialtyCodes: ["PEDIATRICS"],
  services: [
    { code: "CLINIC", price: 10000 },
    { code: "ONLINE", price: 7500 },
  ],
  facilityNames: ["Hôpital de la Mère et de l'Enfant"],
  careerStartYear: 2011,
  spokenLanguages: ["FR", "AR"],
  insurances: ["CNPS Tchad", "STAR Nationale"],
  biography: "Pédiatre à l'Hôpital de la Mère et de l'Enfant de N'Djamena, la Dr Aïcha Mahamat suit la croissance, la vaccination et la nutrition des enfants.",
  schedule: [{ days: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"], start: "08:00", end: "12:00", facility: 0 }],
  slotDurationMinutes: 30,
  settings: { bufferTime: 10, maxDailyAppointment: 12 },
}

export const DEMO_PATIENT: PatientSpec = {
  email: "patient@demo.sn",
  firstName: "Awa",
  lastName: "Diop",
  civility: "WOMAN",
  dateOfBirth: "1988-06-14",
  phoneNumber: "+221771234567",
  city: city("Dakar"),
  homeAddress: "Villa 112, rue MZ-12, Mermoz",
  coordinates: { lat: 14.7065, lng: -17.476 },
  bloodType: "O+",
  allergies: ["Pénicilline", "Arachides"],
  chronicConditions: ["Hypertension artérielle", "Asthme"],
  dependants: [
    {
      firstName: "Moustapha",
      lastName: "Diop",
      dateOfBirth: "2018-03-09",
      gender: "MALE",
      relationship: "CHILD",
      bloodType: "O+",
      allergies: ["Lait de vache"],
      conditions: [],
    },
    {
      firstName: "Aminata",
      lastName: "Fall",
      dateOfBirth: "1956-11-02",
      gender: "FEMALE",
      relationship: "PARENT",
      bloodType: "A+",
      allergies: [],
      conditions: ["Diabète de type 2"],
    },
  ],
  emergencyContacts: [
    { firstName: "Ibrahima", lastName: "Diop", phoneNumber: "+221776543210", email: "ibrahima.diop@mail.promed.sn", priority: 1, relationship: "HUSBAND" },
    { firstName: "Mariama", lastName: "Diop", phoneNumber: "+33612345678", email: null, priority: 2, relationship: "SIBLING" },
  ],
  alerts: [
    { type: "Allergie", description: "Allergie sévère à la pénicilline : risque de choc anaphylactique.", severity: "HIGH" },
    { type: "Asthme", description: "Asthme d'effort, porte un inhalateur de salbutamol.", severity: "LOW" },
  ],
}

export const DEMO_PATIENT_2: PatientSpec = {
  email: "patient2@demo.sn",
  firstName: "Fatou",
  lastName: "Sarr",
  civility: "WOMAN",
  dateOfBirth: "1995-09-21",
  phoneNumber: "+221781234567",
  city: city("Dakar"),
  homeAddress: "Cité Keur Gorgui, immeuble 7",
  coordinates: { lat: 14.7145, lng: -17.4689 },
  bloodType: "B+",
  allergies: [],
  chronicConditions: [],
  dependants: [],
  emergencyContacts: [{ firstName: "Cheikh", lastName: "Sarr", phoneNumber: "+221709876543", email: null, priority: 1, relationship: "PARENT" }],
  alerts: [],
}
