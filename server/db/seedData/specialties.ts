/**
 * Specialties offered in the seed (the product knows about a hundred; these are the common ones
 * in Senegalese and Chadian practice). `topic` feeds plausible publication titles.
 */
export interface SpecialtySeed {
  readonly code: string
  readonly label: string
  readonly topic: string
}

export const SPECIALTIES: ReadonlyArray<SpecialtySeed> = [
  { code: "GENERAL_PRACTITIONER", label: "Médecine générale", topic: "Le paludisme simple en soins primaires" },
  { code: "CARDIOLOGY", label: "Cardiologie", topic: "L'hypertension artérielle de l'adulte" },
  { code: "PEDIATRICS", label: "Pédiatrie", topic: "La malnutrition aiguë sévère de l'enfant" },
  { code: "GYNECOLOGY", label: "Gynécologie-obstétrique", topic: "Le suivi prénatal des grossesses à risque" },
  { code: "NEUROLOGY", label: "Neurologie", topic: "Les accidents vasculaires cérébraux" },
  { code: "DERMATOLOGY", label: "Dermatologie", topic: "Les dermatoses dues à la dépigmentation volontaire" },
  { code: "PSYCHIATRY", label: "Psychiatrie", topic: "La dépression en milieu urbain" },
  { code: "RADIOLOGY", label: "Radiologie", topic: "L'échographie dans le diagnostic des urgences abdominales" },
  { code: "OPHTHALMOLOGY", label: "Ophtalmologie", topic: "La cataracte et son dépistage" },
  { code: "ENT", label: "Oto-rhino-laryngologie", topic: "Les otites moyennes chroniques de l'enfant" },
  { code: "DENTISTRY", label: "Chirurgie dentaire", topic: "La carie dentaire chez l'écolier" },
  { code: "ORTHOPEDICS", label: "Orthopédie-traumatologie", topic: "Les fractures liées aux accidents de la route" },
  { code: "ENDOCRINOLOGY", label: "Endocrinologie-diabétologie", topic: "Le pied diabétique" },
  { code: "GASTROENTEROLOGY", label: "Gastro-entérologie", topic: "L'hépatite B chronique" },
  { code: "PULMONOLOGY", label: "Pneumologie", topic: "La tuberculose pulmonaire" },
  { code: "NEPHROLOGY", label: "Néphrologie", topic: "L'insuffisance rénale chronique et l'hémodialyse" },
  { code: "UROLOGY", label: "Urologie", topic: "L'hypertrophie bénigne de la prostate" },
  { code: "ONCOLOGY", label: "Oncologie", topic: "Le cancer du col de l'utérus" },
  { code: "RHEUMATOLOGY", label: "Rhumatologie", topic: "La drépanocytose et ses complications ostéo-articulaires" },
  { code: "INFECTIOUS_DISEASES", label: "Maladies infectieuses et tropicales", topic: "La prise en charge du VIH" },
  { code: "INTERNAL_MEDICINE", label: "Médecine interne", topic: "Les maladies auto-immunes" },
  { code: "GENERAL_SURGERY", label: "Chirurgie générale", topic: "Les hernies inguinales de l'adulte" },
  { code: "ANESTHESIOLOGY", label: "Anesthésie-réanimation", topic: "La réanimation des urgences obstétricales" },
  { code: "EMERGENCY_MEDICINE", label: "Médecine d'urgence", topic: "Le triage aux urgences" },
  { code: "HEMATOLOGY", label: "Hématologie", topic: "La drépanocytose de l'adulte" },
  { code: "NEUROSURGERY", label: "Neurochirurgie", topic: "Les traumatismes crâniens" },
  { code: "PHYSIOTHERAPY", label: "Kinésithérapie", topic: "La rééducation après un accident vasculaire cérébral" },
  { code: "NUTRITION", label: "Nutrition", topic: "L'obésité et le diabète de type 2" },
  { code: "GERIATRICS", label: "Gériatrie", topic: "Les chutes de la personne âgée" },
  { code: "SPORTS_MEDICINE", label: "Médecine du sport", topic: "Les blessures des lutteurs" },
  { code: "OCCUPATIONAL_MEDICINE", label: "Médecine du travail", topic: "Les risques professionnels dans le secteur minier" },
  { code: "PUBLIC_HEALTH", label: "Santé publique", topic: "La couverture vaccinale" },
]
