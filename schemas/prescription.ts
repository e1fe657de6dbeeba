import * as Schema from "effect/Schema"
import { boundedLine, boundedText, requiredMultilineText, requiredText } from "./fields.ts"

/** One medication of a prescription draft (SPEC §3); instructions are optional (SPEC §5). */
export const Medication = Schema.Struct({
  id: boundedLine(100),
  name: requiredText("validation.medicationNameRequired", 200),
  dosage: requiredText("validation.dosageRequired", 200),
  frequency: requiredText("validation.frequencyRequired", 200),
  duration: requiredText("validation.durationRequired", 200),
  instructions: boundedText(1000),
})
export type Medication = typeof Medication.Type

/** The prescription draft, kept locally only (SPEC §3): at least one medication remains. */
export const PrescriptionDraft = Schema.Struct({
  diagnosis: requiredMultilineText("validation.diagnosisRequired", 2000),
  notes: boundedText(2000),
  medications: Schema.Array(Medication).check(Schema.isMinLength(1, { message: "validation.medicationRequired" })),
})
export type PrescriptionDraft = typeof PrescriptionDraft.Type
