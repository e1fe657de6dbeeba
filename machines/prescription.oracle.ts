import type { AnyEventObject } from "xstate"

/**
 * The write-prescription form as SPEC describes it (§2 write prescription: diagnosis, repeatable
 * medications, notes, Cancel to /doctor/prescriptions; §4 save simulated: 1 s, 'Prescription
 * saved successfully!', then /doctor/prescriptions after 2 s; §5 required fields, at least one
 * medication, remove only when more than one; §8 'Failed to save prescription'), written apart from
 * `prescription.machine.ts`.
 */

export type PrescriptionScreen = "form" | "saving" | "savedMessage" | "left"

export interface MedicationRow {
  readonly id: string
  readonly name: string
  readonly dosage: string
  readonly frequency: string
  readonly duration: string
  readonly instructions: string
}

export interface PrescriptionView {
  readonly screen: PrescriptionScreen
  readonly diagnosis: string
  readonly notes: string
  readonly medications: ReadonlyArray<MedicationRow>
  /** Save was pressed on an incomplete draft: missing fields are shown from then on. */
  readonly errorsRevealed: boolean
  /** Missing fields shown (dotted names, sorted); none until the first Save. */
  readonly fieldErrors: ReadonlyArray<string>
  readonly failureShown: boolean
  /** Drafts handed to the simulated save. */
  readonly saves: ReadonlyArray<unknown>
  readonly effects: ReadonlyArray<string>
}

/** SPEC is silent on a maximum: ten rows fill a paper prescription, and keep the form bounded. */
const MAX_ROWS = 10
const REQUIRED = ["name", "dosage", "frequency", "duration"] as const

const blank = (n: number): MedicationRow => ({ id: `m-${n}`, name: "", dosage: "", frequency: "", duration: "", instructions: "" })

function missing(view: PrescriptionView): string[] {
  const fields = view.diagnosis.trim() === "" ? ["diagnosis"] : []
  view.medications.forEach((m, i) => {
    for (const field of REQUIRED) if (m[field].trim() === "") fields.push(`medications.${i}.${field}`)
  })
  return fields.sort()
}

export function prescriptionOracle() {
  let added = 1
  const initial: PrescriptionView = {
    screen: "form",
    diagnosis: "",
    notes: "",
    medications: [blank(1)],
    errorsRevealed: false,
    fieldErrors: [],
    failureShown: false,
    saves: [],
    effects: [],
  }
  /** Once Save revealed them, the missing fields follow the draft as it is edited. */
  const edited = (view: PrescriptionView, change: Partial<PrescriptionView>): PrescriptionView => {
    const next = { ...view, ...change }
    return view.errorsRevealed ? { ...next, fieldErrors: missing(next) } : next
  }

  function after(view: PrescriptionView, event: AnyEventObject): PrescriptionView {
    const editable = view.screen === "form"
    switch (event.type) {
      case "prescription.setDiagnosis":
        return editable ? edited(view, { diagnosis: event.value as string }) : view
      case "prescription.setNotes":
        return editable ? edited(view, { notes: event.value as string }) : view
      case "prescription.addMedication":
        if (!editable || view.medications.length >= MAX_ROWS) return view
        added += 1
        return edited(view, { medications: [...view.medications, blank(added)] })
      case "prescription.removeMedication": {
        // At least one medication remains: Remove shows only when there are more.
        if (!editable || view.medications.length <= 1) return view
        return edited(view, { medications: view.medications.filter((m) => m.id !== event.id) })
      }
      case "prescription.updateMedication":
        if (!editable) return view
        return edited(view, { medications: view.medications.map((m) => (m.id === event.id ? { ...m, ...(event.patch as object) } : m)) })
      case "prescription.submit": {
        if (!editable) return view
        const fieldErrors = missing(view)
        if (fieldErrors.length > 0) return { ...view, errorsRevealed: true, fieldErrors, failureShown: false }
        const draft = { diagnosis: view.diagnosis, notes: view.notes, medications: view.medications }
        return { ...view, screen: "saving", errorsRevealed: false, fieldErrors: [], failureShown: false, saves: [...view.saves, draft] }
      }
      case "prescription.cancel":
        return editable ? { ...view, screen: "left", errorsRevealed: false, fieldErrors: [], failureShown: false, effects: [...view.effects, "list"] } : view
      case "xstate.done.actor.savePrescription":
        return view.screen === "saving" ? { ...view, screen: "savedMessage" } : view
      case "xstate.error.actor.savePrescription":
        return view.screen === "saving" ? { ...view, screen: "form", failureShown: true } : view
      case "xstate.after.redirectDelay.prescription.saved":
        return view.screen === "savedMessage" ? { ...view, screen: "left", effects: [...view.effects, "list"] } : view
      default:
        return view
    }
  }

  return { initial, after }
}
