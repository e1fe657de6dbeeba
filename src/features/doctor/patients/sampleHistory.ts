import type { MedicalRecord } from "../../../../schemas/patient.ts"
import { testIds } from "../../../../schemas/testIds.ts"

/**
 * The sample medical history the doctor's history screen shows (SPEC §2: mock data, not wired to
 * a server). Dates are relative to today so the month grouping always has recent months.
 */
export function sampleHistory(today: Date = new Date()): MedicalRecord[] {
  const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10)
  const file = (id: string, name: string) => ({ id, name, url: "#" })
  return [
    {
      id: testIds.medicalRecord("sample-1"),
      title: "Consultation de suivi cardiologique",
      type: "CONSULTATION",
      description: "Tension 13/8, auscultation normale. Poursuite du traitement antihypertenseur.",
      date: daysAgo(12),
      doctor: { name: "Dr Moussa Ndiaye", specialty: "Cardiologie" },
      attachments: [],
    },
    {
      id: testIds.medicalRecord("sample-2"),
      title: "Bilan lipidique et glycémie à jeun",
      type: "LAB_RESULT",
      description: "Cholestérol LDL 1,45 g/L, glycémie 0,92 g/L.",
      date: daysAgo(20),
      doctor: { name: "Laboratoire Bio 24", specialty: null },
      attachments: [file("sample-2-a", "bilan-lipidique.pdf")],
    },
    {
      id: testIds.medicalRecord("sample-3"),
      title: "Ordonnance : amlodipine 5 mg",
      type: "PRESCRIPTION",
      description: "Un comprimé le matin pendant trois mois.",
      date: daysAgo(45),
      doctor: { name: "Dr Moussa Ndiaye", specialty: "Cardiologie" },
      attachments: [file("sample-3-a", "ordonnance.pdf")],
    },
    {
      id: testIds.medicalRecord("sample-4"),
      title: "Radiographie du thorax",
      type: "IMAGING",
      description: "Pas d'anomalie pleuro-pulmonaire visible.",
      date: daysAgo(70),
      doctor: { name: "Dr Aminata Sy", specialty: "Radiologie" },
      attachments: [file("sample-4-a", "radio-thorax.png"), file("sample-4-b", "compte-rendu.pdf")],
    },
    {
      id: testIds.medicalRecord("sample-5"),
      title: "Vaccin contre la fièvre jaune",
      type: "VACCINATION",
      description: "Dose unique, certificat international délivré.",
      date: daysAgo(130),
      doctor: { name: "Institut Pasteur de Dakar", specialty: null },
      attachments: [],
    },
    {
      id: testIds.medicalRecord("sample-6"),
      title: "Consultation pour asthme d'effort",
      type: "CONSULTATION",
      description: "Salbutamol à la demande avant l'effort.",
      date: daysAgo(160),
      doctor: { name: "Dr Ibrahima Fall", specialty: "Pneumologie" },
      attachments: [],
    },
  ]
}
