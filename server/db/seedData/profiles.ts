/** Building blocks of doctor and patient profiles. */
import type { Country } from "./places.ts"

export const MEDICAL_SCHOOLS: Record<Country, ReadonlyArray<string>> = {
  SENEGAL: [
    "Université Cheikh Anta Diop de Dakar",
    "Université Gaston Berger de Saint-Louis",
    "Université Alioune Diop de Bambey",
    "Université Assane Seck de Ziguinchor",
    "Université Iba Der Thiam de Thiès",
  ],
  CHAD: ["Université de N'Djamena", "Université Cheikh Anta Diop de Dakar", "Université Mohammed V de Rabat", "Université de Yaoundé I"],
}

/** Where some specialists trained further. */
export const ABROAD_SCHOOLS = ["Université de Bordeaux", "Université de Montpellier", "Université Paris Cité", "Université Laval", "Université de Lomé"]

export const INSURANCES: Record<Country, ReadonlyArray<string>> = {
  SENEGAL: ["IPM", "CSS", "Ascoma", "AXA Assurances Sénégal", "Sanlam Assurances Sénégal", "NSIA Assurances", "Allianz Sénégal", "CMU"],
  CHAD: ["CNPS Tchad", "STAR Nationale", "Allianz Tchad", "Activa Assurances Tchad"],
}

export const MEDICAL_ORDERS: Record<Country, string> = {
  SENEGAL: "Ordre National des Médecins du Sénégal",
  CHAD: "Ordre National des Médecins du Tchad",
}

export const AWARD_TITLES = [
  "Prix d'excellence en pratique clinique",
  "Prix du meilleur mémoire de spécialité",
  "Distinction pour services rendus en santé communautaire",
  "Prix de la recherche médicale francophone",
]

export const JOURNALS = [
  "Dakar Médical",
  "Revue Africaine de Médecine Interne",
  "Pan African Medical Journal",
  "Médecine d'Afrique Noire",
  "Revue Africaine d'Anesthésiologie et de Médecine d'Urgence",
  "Revue Tchadienne de Santé",
]

export const BLOOD_TYPES = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-", "UNKNOWN"] as const
/** Relative frequencies in West and Central Africa (O+ most common). */
export const BLOOD_TYPE_WEIGHTS: ReadonlyArray<readonly [(typeof BLOOD_TYPES)[number], number]> = [
  ["O+", 46],
  ["A+", 22],
  ["B+", 20],
  ["AB+", 4],
  ["O-", 3],
  ["A-", 2],
  ["B-", 1],
  ["AB-", 1],
  ["UNKNOWN", 1],
]

export const ALLERGIES = ["Pénicilline", "Arachides", "Fruits de mer", "Pollen", "Poussière", "Aspirine", "Sulfamides", "Lait de vache", "Latex"]

export const CHRONIC_CONDITIONS = [
  "Hypertension artérielle",
  "Diabète de type 2",
  "Asthme",
  "Drépanocytose",
  "Hépatite B chronique",
  "Insuffisance rénale chronique",
  "Épilepsie",
]

export const MEDICAL_ALERTS: ReadonlyArray<{ type: string; description: string; severity: "LOW" | "MEDIUM" | "HIGH" }> = [
  { type: "Allergie", description: "Allergie sévère à la pénicilline : risque de choc anaphylactique.", severity: "HIGH" },
  { type: "Traitement", description: "Sous anticoagulant (acénocoumarol) : contrôle de l'INR mensuel.", severity: "HIGH" },
  { type: "Maladie chronique", description: "Drépanocytose SS : éviter la déshydratation et le froid.", severity: "HIGH" },
  { type: "Grossesse", description: "Grossesse en cours, deuxième trimestre.", severity: "MEDIUM" },
  { type: "Diabète", description: "Diabète insulino-traité : risque d'hypoglycémie.", severity: "MEDIUM" },
  { type: "Asthme", description: "Asthme d'effort, porte un inhalateur de salbutamol.", severity: "LOW" },
]

export const STREETS = [
  "Rue 10",
  "Avenue Bourguiba",
  "Rue Carnot",
  "Boulevard du Centenaire",
  "Rue Félix Faure",
  "Avenue Blaise Diagne",
  "Rue de la Mosquée",
  "Avenue du Marché",
  "Route nationale 1",
  "Rue des Écoles",
]

/** Mobile prefixes, for phone numbers that look right without being real subscribers. */
export const MOBILE_PREFIX: Record<Country, { code: string; prefixes: ReadonlyArray<string>; digits: number }> = {
  SENEGAL: { code: "221", prefixes: ["77", "78", "76", "70", "75"], digits: 7 },
  CHAD: { code: "235", prefixes: ["66", "63", "99", "90"], digits: 6 },
}
