import type { DoctorResults, DoctorSearchParams } from "../../../api/doctors.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { testIds } from "../../../../schemas/testIds.ts"

type SampleSpec = Pick<Doctor, "firstName" | "lastName" | "civility" | "careerStartYear" | "averageRate" | "reviewCount" | "doctorSpokenLanguages"> & {
  readonly specialty: { code: string; label: string }
  readonly city: string
  readonly country: "SENEGAL" | "CHAD"
  readonly price: number
}

/** Five made-up doctors (SPEC §3: sample only, not real), shown only when the gateway cannot answer. */
const SPECS: ReadonlyArray<SampleSpec> = [
  {
    firstName: "Aminata",
    lastName: "Fall",
    civility: "WOMAN",
    careerStartYear: 2004,
    averageRate: 4.8,
    reviewCount: 42,
    doctorSpokenLanguages: ["FR", "WO"],
    specialty: { code: "CARDIOLOGY", label: "Cardiologie" },
    city: "Dakar",
    country: "SENEGAL",
    price: 20000,
  },
  {
    firstName: "Ibrahima",
    lastName: "Sy",
    civility: "MAN",
    careerStartYear: 2012,
    averageRate: 4.5,
    reviewCount: 31,
    doctorSpokenLanguages: ["FR", "WO", "EN"],
    specialty: { code: "GENERAL_PRACTITIONER", label: "Médecine générale" },
    city: "Thiès",
    country: "SENEGAL",
    price: 10000,
  },
  {
    firstName: "Mariama",
    lastName: "Diallo",
    civility: "WOMAN",
    careerStartYear: 2009,
    averageRate: 4.6,
    reviewCount: 27,
    doctorSpokenLanguages: ["FR", "EN"],
    specialty: { code: "PEDIATRICS", label: "Pédiatrie" },
    city: "Saint-Louis",
    country: "SENEGAL",
    price: 15000,
  },
  {
    firstName: "Oumar",
    lastName: "Ba",
    civility: "MAN",
    careerStartYear: 1998,
    averageRate: 4.2,
    reviewCount: 18,
    doctorSpokenLanguages: ["FR", "WO"],
    specialty: { code: "DERMATOLOGY", label: "Dermatologie" },
    city: "Ziguinchor",
    country: "SENEGAL",
    price: 17500,
  },
  {
    firstName: "Hawa",
    lastName: "Abdoulaye",
    civility: "WOMAN",
    careerStartYear: 2015,
    averageRate: 4.4,
    reviewCount: 12,
    doctorSpokenLanguages: ["FR", "AR"],
    specialty: { code: "GYNECOLOGY", label: "Gynécologie-obstétrique" },
    city: "N'Djamena",
    country: "CHAD",
    price: 12500,
  },
]

export const SAMPLE_DOCTORS: ReadonlyArray<Doctor> = SPECS.map((s, i) => ({
  id: testIds.doctor(`sample-${i + 1}`),
  userId: testIds.user(`sample-user-${i + 1}`),
  firstName: s.firstName,
  lastName: s.lastName,
  email: "contact@promed.sn",
  phoneNumber: null,
  civility: s.civility,
  refNumber: null,
  photoUrl: null,
  biography: null,
  website: null,
  careerStartYear: s.careerStartYear,
  consultationFee: s.price,
  averageRate: s.averageRate,
  reviewCount: s.reviewCount,
  nextAvailability: null,
  specialties: [{ id: `sample-specialty-${i + 1}`, ...s.specialty }],
  doctorSpokenLanguages: s.doctorSpokenLanguages,
  insuranceAccepted: [],
  providedServices: [{ code: "CLINIC", price: s.price }],
  locations: [{ address: "—", city: s.city, country: s.country, isPrimary: true }],
  healthcareFacilities: [],
  awards: [],
  publications: [],
  clinicPhotos: [],
  education: [],
}))

const COMPARE: Record<DoctorSearchParams["sort"], (a: Doctor, b: Doctor) => number> = {
  relevance: (a, b) => b.firstName.localeCompare(a.firstName),
  rating: (a, b) => b.averageRate - a.averageRate,
  experience: (a, b) => (a.careerStartYear ?? 9999) - (b.careerStartYear ?? 9999),
  fee: (a, b) => (a.consultationFee ?? 0) - (b.consultationFee ?? 0),
}

/** The sample list filtered, sorted and paged like the gateway would, as far as five doctors allow. */
export function sampleResults(params: DoctorSearchParams): DoctorResults["response"] {
  const words = (params.keyword ?? "").toLowerCase().split(/\s+/).filter(Boolean)
  const matching = SAMPLE_DOCTORS.filter((d) => {
    const text = `${d.firstName} ${d.lastName} ${d.specialties.map((s) => `${s.label} ${s.code}`).join(" ")}`.toLowerCase()
    return (
      words.every((w) => text.includes(w)) &&
      (!params.specialties?.length || d.specialties.some((s) => params.specialties!.includes(s.code))) &&
      (!params.location || d.locations[0]?.city.toLowerCase() === params.location.toLowerCase()) &&
      (!params.rating || d.averageRate >= params.rating) &&
      (!params.language || d.doctorSpokenLanguages.includes(params.language))
    )
  }).sort(COMPARE[params.sort])
  const offset = (params.page - 1) * params.limit
  return { data: matching.slice(offset, offset + params.limit), paginationSettings: { offset, limit: params.limit, totalCount: matching.length } }
}
