import { assign, fromPromise, setup } from "xstate"
import { decodeWithFields } from "../schemas/decode.ts"
import { type Medication, PrescriptionDraft } from "../schemas/prescription.ts"

/** More would not fit a paper prescription; also keeps the form bounded. */
export const MAX_MEDICATIONS = 10

export interface PrescriptionContext {
  diagnosis: string
  notes: string
  medications: Medication[]
  nextId: number
}

export type PrescriptionEvent =
  | { type: "prescription.setDiagnosis"; value: string }
  | { type: "prescription.setNotes"; value: string }
  | { type: "prescription.addMedication" }
  | { type: "prescription.removeMedication"; id: string }
  | { type: "prescription.updateMedication"; id: string; patch: Partial<Omit<Medication, "id">> }
  | { type: "prescription.submit" }
  | { type: "prescription.cancel" }

const blankMedication = (n: number): Medication => ({ id: `m-${n}`, name: "", dosage: "", frequency: "", duration: "", instructions: "" })

/** Field errors of the draft by dotted name (medications.0.dosage), empty when it can be saved. */
export function prescriptionErrors(context: Pick<PrescriptionContext, "diagnosis" | "notes" | "medications">): Record<string, string> {
  const result = decodeWithFields(PrescriptionDraft, context)
  return result.ok ? {} : Object.fromEntries(result.fields.map((f) => [f.name, f.message]))
}

/**
 * The simulated prescription form (SPEC §2, §4, §5): diagnosis, at least one medication, notes.
 * Saving is simulated (the `savePrescription` actor takes 1 s); then 'Prescription saved
 * successfully!' shows and after `redirectDelay` (2 s) the doctor goes to /doctor/prescriptions.
 * Submitting an incomplete draft only reveals its errors.
 */
export const prescriptionMachine = setup({
  types: { context: {} as PrescriptionContext, events: {} as PrescriptionEvent },
  actors: {
    savePrescription: fromPromise<void, PrescriptionDraft>(async () => {
      throw new Error("savePrescription not provided")
    }),
  },
  actions: {
    /** Navigates to /doctor/prescriptions; provided by the screen. */
    goToList: () => {},
  },
  guards: {
    isValid: ({ context }) => Object.keys(prescriptionErrors(context)).length === 0,
    canAdd: ({ context }) => context.medications.length < MAX_MEDICATIONS,
    canRemove: ({ context, event }) =>
      event.type === "prescription.removeMedication" && context.medications.length > 1 && context.medications.some((m) => m.id === event.id),
  },
  delays: { redirectDelay: 2000 },
}).createMachine({
  id: "prescription",
  context: { diagnosis: "", notes: "", medications: [blankMedication(1)], nextId: 2 },
  initial: "editing",
  states: {
    editing: {
      initial: "quiet",
      on: {
        "prescription.setDiagnosis": { actions: assign({ diagnosis: ({ event }) => event.value }) },
        "prescription.setNotes": { actions: assign({ notes: ({ event }) => event.value }) },
        "prescription.addMedication": {
          guard: "canAdd",
          actions: assign({
            medications: ({ context }) => [...context.medications, blankMedication(context.nextId)],
            nextId: ({ context }) => context.nextId + 1,
          }),
        },
        "prescription.removeMedication": {
          guard: "canRemove",
          actions: assign({ medications: ({ context, event }) => context.medications.filter((m) => m.id !== event.id) }),
        },
        "prescription.updateMedication": {
          actions: assign({
            medications: ({ context, event }) => context.medications.map((m) => (m.id === event.id ? { ...m, ...event.patch } : m)),
          }),
        },
        "prescription.submit": [{ guard: "isValid", target: "saving" }, { target: ".showingErrors" }],
        "prescription.cancel": { target: "left", actions: "goToList" },
      },
      states: {
        quiet: {},
        showingErrors: {},
        failed: {},
      },
    },
    saving: {
      invoke: {
        id: "savePrescription",
        src: "savePrescription",
        input: ({ context }) => ({ diagnosis: context.diagnosis, notes: context.notes, medications: context.medications }),
        onDone: "saved",
        onError: "editing.failed",
      },
    },
    saved: {
      after: { redirectDelay: { target: "left", actions: "goToList" } },
    },
    left: { type: "final" },
  },
})
