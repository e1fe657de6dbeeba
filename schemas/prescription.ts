import * as Schema from "effect/Schema"
import { requiredText } from "./fields.ts"

/** One medication of a prescription draft (SPEC §3); instructions are optional (SPEC §5). */
export const Medication = Schema.Struct({
  id: Schema.String,
  name: requiredText("validation.medicationNameRequired", 200),
  dosage: requiredText("validation.dosageRequired", 200),
  frequency: requiredText("validation.frequencyRequired", 200),
  duration: requiredText("validation.durationRequired", 200),
  instructions: Schema.String.check(Schema.isMaxLength(1000, { message: "validation.tooLong" })),
})
export type Medication = typeof Medication.Type

/** The prescription draft, kept locally only (SPEC §3): at least one medication remains. */
export const PrescriptionDraft = Schema.Struct({
  diagnosis: requiredText("validation.diagnosisRequired", 2000),
  notes: Schema.String.check(Schema.isMaxLength(2000, { message: "validation.tooLong" })),
  medications: Schema.Array(Medication).check(Schema.isMinLength(1, { message: "validation.medicationRequired" })),
})
export type PrescriptionDraft = typeof PrescriptionDraft.Type
