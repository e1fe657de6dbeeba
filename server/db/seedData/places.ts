/** Cities and healthcare facilities of the seed: real places, approximate coordinates. */
import { DAYS_OF_WEEK, type Country, type FacilityTimeZone, type FacilityType } from "../../../schemas/enums.ts"

export type { Country, FacilityTimeZone, FacilityType }

export interface CitySeed {
  readonly name: string
  /** Region (Senegal) or province (Chad). */
  readonly state: string
  readonly country: Country
  readonly timeZone: FacilityTimeZone
  readonly lat: number
  readonly lng: number
  readonly zip: string | null
  readonly districts: ReadonlyArray<string>
  /** Share of the seeded doctors practising there. */
  readonly weight: number
}

export const CITIES: ReadonlyArray<CitySeed> = [
  {
    name: "Dakar",
    state: "Dakar",
    country: "SENEGAL",
    timeZone: "Africa/Dakar",
    lat: 14.6928,
    lng: -17.4467,
    zip: "10200",
    districts: [
      "Plateau",
      "Médina",
      "Fann",
      "Point E",
      "Mermoz",
      "Sacré-Cœur",
      "Almadies",
      "Ouakam",
      "Yoff",
      "Grand Yoff",
      "Parcelles Assainies",
      "HLM",
      "Liberté 6",
      "Sicap Baobab",
    ],
    weight: 38,
  },
  {
    name: "Thiès",
    state: "Thiès",
    country: "SENEGAL",
    timeZone: "Africa/Dakar",
    lat: 14.791,
    lng: -16.9359,
    zip: "21000",
    districts: ["Randoulène", "Médina Fall", "Grand Thiès", "Cité Ballabey", "Som"],
    weight: 10,
  },
  {
    name: "Saint-Louis",
    state: "Saint-Louis",
    country: "SENEGAL",
    timeZone: "Africa/Dakar",
    lat: 16.0326,
    lng: -16.4818,
    zip: "32000",
    districts: ["Sor", "Île Nord", "Guet Ndar", "Balacoss", "Pikine"],
    weight: 8,
  },
  {
    name: "Ziguinchor",
    state: "Ziguinchor",
    country: "SENEGAL",
    timeZone: "Africa/Dakar",
    lat: 12.5681,
    lng: -16.2719,
    zip: "27000",
    districts: ["Boucotte", "Escale", "Tilène", "Lyndiane", "Kandé"],
    weight: 7,
  },
  {
    name: "Kaolack",
    state: "Kaolack",
    country: "SENEGAL",
    timeZone: "Africa/Dakar",
    lat: 14.1652,
    lng: -16.0758,
    zip: "23000",
    districts: ["Léona", "Médina Baye", "Kasnack", "Sam", "Ndorong"],
    weight: 7,
  },
  {
    name: "N'Djamena",
    state: "N'Djamena",
    country: "CHAD",
    timeZone: "Africa/Ndjamena",
    lat: 12.1348,
    lng: 15.0557,
    zip: null,
    districts: ["Moursal", "Chagoua", "Farcha", "Klemat", "Sabangali", "Diguel", "Kabalaye", "Amriguébé"],
    weight: 16,
  },
  {
    name: "Moundou",
    state: "Logone Occidental",
    country: "CHAD",
    timeZone: "Africa/Ndjamena",
    lat: 8.5667,
    lng: 16.0833,
    zip: null,
    districts: ["Doumbeur", "Guelbé", "Dombao", "Quartier Administratif"],
    weight: 7,
  },
  {
    name: "Abéché",
    state: "Ouaddaï",
    country: "CHAD",
    timeZone: "Africa/Ndjamena",
    lat: 13.8292,
    lng: 20.8324,
    zip: null,
    districts: ["Hillé Djidid", "Ambasatna", "Goz Amir", "Bitchotchi"],
    weight: 7,
  },
]

export interface FacilitySeed {
  readonly name: string
  readonly type: FacilityType
  readonly city: string
  readonly address: string
  readonly lat: number | null
  readonly lng: number | null
  readonly phone: string
  readonly website: string | null
  readonly isPartner: boolean
  readonly careTypes: ReadonlyArray<string>
}

const HOSPITAL_CARE = ["EMERGENCY", "CONSULTATION", "SURGERY", "MATERNITY", "IMAGING", "LABORATORY"]

export const FACILITIES: ReadonlyArray<FacilitySeed> = [
  // Dakar
  {
    name: "Hôpital Principal de Dakar",
    type: "HOSPITAL",
    city: "Dakar",
    address: "1 avenue Nelson Mandela, Plateau",
    lat: 14.66,
    lng: -17.437,
    phone: "+221338395050",
    website: "https://www.hopitalprincipal.sn",
    isPartner: true,
    careTypes: [...HOSPITAL_CARE, "CARDIOLOGY"],
  },
  {
    name: "Centre Hospitalier National Universitaire de Fann",
    type: "HOSPITAL",
    city: "Dakar",
    address: "Avenue Cheikh Anta Diop, Fann",
    lat: 14.6937,
    lng: -17.4653,
    phone: "+221338691818",
    website: null,
    isPartner: true,
    careTypes: [...HOSPITAL_CARE, "NEUROLOGY", "PSYCHIATRY"],
  },
  {
    name: "Hôpital Aristide Le Dantec",
    type: "HOSPITAL",
    city: "Dakar",
    address: "30 avenue Pasteur, Plateau",
    lat: 14.6597,
    lng: -17.433,
    phone: "+221338893800",
    website: null,
    isPartner: false,
    careTypes: [...HOSPITAL_CARE, "ONCOLOGY"],
  },
  {
    name: "Hôpital Général Idrissa Pouye (ex-Grand Yoff)",
    type: "HOSPITAL",
    city: "Dakar",
    address: "Route du Front de Terre, Grand Yoff",
    lat: 14.7367,
    lng: -17.453,
    phone: "+221338693040",
    website: null,
    isPartner: true,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Hôpital d'Enfants Albert Royer",
    type: "HOSPITAL",
    city: "Dakar",
    address: "Avenue Cheikh Anta Diop, Fann",
    lat: 14.6915,
    lng: -17.4638,
    phone: "+221338250505",
    website: null,
    isPartner: false,
    careTypes: ["EMERGENCY", "CONSULTATION", "PEDIATRICS", "VACCINATION"],
  },
  {
    name: "Clinique de la Madeleine",
    type: "CLINIC",
    city: "Dakar",
    address: "18 avenue des Jambaars, Plateau",
    lat: 14.6726,
    lng: -17.4388,
    phone: "+221338899470",
    website: null,
    isPartner: true,
    careTypes: ["CONSULTATION", "MATERNITY", "SURGERY", "IMAGING"],
  },
  {
    name: "Clinique du Cap",
    type: "CLINIC",
    city: "Dakar",
    address: "Avenue Pasteur, Cap Manuel",
    lat: 14.6602,
    lng: -17.4305,
    phone: "+221338890202",
    website: null,
    isPartner: false,
    careTypes: ["CONSULTATION", "SURGERY", "CARDIOLOGY"],
  },
  {
    name: "Clinique Nest",
    type: "CLINIC",
    city: "Dakar",
    address: "Rue MZ-83, Mermoz",
    lat: 14.708,
    lng: -17.48,
    phone: "+221338694545",
    website: null,
    isPartner: true,
    careTypes: ["CONSULTATION", "MATERNITY", "PEDIATRICS"],
  },
  {
    name: "Pharmacie Guigon",
    type: "PHARMACY",
    city: "Dakar",
    address: "1 avenue Mohamed V, Plateau",
    lat: 14.6688,
    lng: -17.4358,
    phone: "+221338231045",
    website: null,
    isPartner: true,
    careTypes: ["PHARMACY", "VACCINATION"],
  },
  {
    name: "Pharmacie Mame Diarra",
    type: "PHARMACY",
    city: "Dakar",
    address: "Rond-point Liberté 6",
    lat: null,
    lng: null,
    phone: "+221338271212",
    website: null,
    isPartner: false,
    careTypes: ["PHARMACY"],
  },
  {
    name: "Institut Pasteur de Dakar",
    type: "LABORATORY",
    city: "Dakar",
    address: "36 avenue Pasteur, Plateau",
    lat: 14.6617,
    lng: -17.4312,
    phone: "+221338399200",
    website: "https://www.pasteur.sn",
    isPartner: true,
    careTypes: ["LABORATORY", "VACCINATION"],
  },
  {
    name: "Laboratoire Bio 24",
    type: "LABORATORY",
    city: "Dakar",
    address: "Avenue Cheikh Anta Diop, Point E",
    lat: 14.6905,
    lng: -17.4615,
    phone: "+221338242424",
    website: null,
    isPartner: false,
    careTypes: ["LABORATORY"],
  },
  // Senegal, regions
  {
    name: "Hôpital régional Amadou Sakhir Ndiéguène",
    type: "HOSPITAL",
    city: "Thiès",
    address: "Avenue Léopold Sédar Senghor",
    lat: 14.7875,
    lng: -16.9306,
    phone: "+221339511111",
    website: null,
    isPartner: true,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Pharmacie du Rail",
    type: "PHARMACY",
    city: "Thiès",
    address: "Avenue Caen, Escale",
    lat: null,
    lng: null,
    phone: "+221339513030",
    website: null,
    isPartner: false,
    careTypes: ["PHARMACY"],
  },
  {
    name: "Hôpital régional de Saint-Louis",
    type: "HOSPITAL",
    city: "Saint-Louis",
    address: "Boulevard Abdoulaye Mar Diop, Île Nord",
    lat: 16.0263,
    lng: -16.504,
    phone: "+221339611616",
    website: null,
    isPartner: false,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Hôpital de la Paix",
    type: "HOSPITAL",
    city: "Ziguinchor",
    address: "Route de l'aéroport, Kandé",
    lat: 12.556,
    lng: -16.275,
    phone: "+221339911500",
    website: null,
    isPartner: true,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Hôpital régional El Hadji Ibrahima Niass",
    type: "HOSPITAL",
    city: "Kaolack",
    address: "Route de Dakar, Kasnack",
    lat: 14.148,
    lng: -16.07,
    phone: "+221339411010",
    website: null,
    isPartner: false,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Laboratoire d'analyses Kaolack Santé",
    type: "LABORATORY",
    city: "Kaolack",
    address: "Avenue Valdiodio Ndiaye, Léona",
    lat: 14.1505,
    lng: -16.0735,
    phone: "+221339412020",
    website: null,
    isPartner: false,
    careTypes: ["LABORATORY"],
  },
  // Chad
  {
    name: "Hôpital Général de Référence Nationale",
    type: "HOSPITAL",
    city: "N'Djamena",
    address: "Avenue Félix Éboué, Quartier Administratif",
    lat: 12.113,
    lng: 15.045,
    phone: "+23522514242",
    website: null,
    isPartner: true,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Hôpital de la Mère et de l'Enfant",
    type: "HOSPITAL",
    city: "N'Djamena",
    address: "Avenue Charles de Gaulle, Kabalaye",
    lat: 12.1222,
    lng: 15.0567,
    phone: "+23522523636",
    website: null,
    isPartner: true,
    careTypes: ["EMERGENCY", "MATERNITY", "PEDIATRICS", "VACCINATION"],
  },
  {
    name: "Hôpital de l'Amitié Tchad-Chine",
    type: "HOSPITAL",
    city: "N'Djamena",
    address: "Route de Farcha",
    lat: 12.1235,
    lng: 15.006,
    phone: "+23522528080",
    website: null,
    isPartner: false,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Pharmacie Centrale de N'Djamena",
    type: "PHARMACY",
    city: "N'Djamena",
    address: "Avenue Charles de Gaulle, Centre-ville",
    lat: 12.1095,
    lng: 15.0445,
    phone: "+23522515050",
    website: null,
    isPartner: false,
    careTypes: ["PHARMACY"],
  },
  {
    name: "Laboratoire Biomédical de N'Djamena",
    type: "LABORATORY",
    city: "N'Djamena",
    address: "Rue de Moursal",
    lat: 12.1062,
    lng: 15.0622,
    phone: "+23522517070",
    website: null,
    isPartner: false,
    careTypes: ["LABORATORY"],
  },
  {
    name: "Hôpital régional de Moundou",
    type: "HOSPITAL",
    city: "Moundou",
    address: "Avenue de l'Hôpital, Quartier Administratif",
    lat: 8.566,
    lng: 16.08,
    phone: "+23522691010",
    website: null,
    isPartner: false,
    careTypes: HOSPITAL_CARE,
  },
  {
    name: "Hôpital provincial d'Abéché",
    type: "HOSPITAL",
    city: "Abéché",
    address: "Route de l'aéroport",
    lat: 13.829,
    lng: 20.83,
    phone: "+23522690505",
    website: null,
    isPartner: false,
    careTypes: HOSPITAL_CARE,
  },
]

type Hours = Record<string, { open: string; close: string } | null>

const week = (weekday: { open: string; close: string } | null, saturday: typeof weekday, sunday: typeof weekday): Hours =>
  Object.fromEntries(DAYS_OF_WEEK.map((d) => [d, d === "SATURDAY" ? saturday : d === "SUNDAY" ? sunday : weekday]))

/** Opening hours by facility type: hospitals never close (emergency service). */
export function hoursOf(type: FacilityType): Hours {
  switch (type) {
    case "HOSPITAL":
      return week({ open: "00:00", close: "23:59" }, { open: "00:00", close: "23:59" }, { open: "00:00", close: "23:59" })
    case "CLINIC":
      return week({ open: "08:00", close: "19:00" }, { open: "09:00", close: "13:00" }, null)
    case "PHARMACY":
      return week({ open: "08:30", close: "22:00" }, { open: "08:30", close: "22:00" }, { open: "09:00", close: "13:00" })
    case "LABORATORY":
      return week({ open: "07:30", close: "17:00" }, { open: "08:00", close: "12:00" }, null)
  }
}
