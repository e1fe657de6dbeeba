import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { MAX_MEDICATIONS, prescriptionErrors, prescriptionMachine } from "./prescription.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { prescriptionOracle, type PrescriptionScreen, type PrescriptionView } from "./prescription.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const FILLED = { name: "Artéméther-luméfantrine", dosage: "80/480 mg", frequency: "2 fois par jour", duration: "3 jours" }

const EVENTS = [
  { type: "prescription.setDiagnosis", value: "Paludisme simple" },
  { type: "prescription.setDiagnosis", value: "" },
  { type: "prescription.setNotes", value: "Revoir dans une semaine" },
  { type: "prescription.updateMedication", id: "m-1", patch: FILLED },
  { type: "prescription.updateMedication", id: "m-1", patch: { dosage: "" } },
  { type: "prescription.addMedication" },
  { type: "prescription.removeMedication", id: "m-2" },
  { type: "prescription.removeMedication", id: "m-1" },
  { type: "prescription.submit" },
  { type: "prescription.cancel" },
  { type: "xstate.done.actor.savePrescription", output: undefined },
  { type: "xstate.error.actor.savePrescription", error: new Error("storage full") },
  { type: "xstate.after.redirectDelay.prescription.saved" },
] as const

const coverage = trackCoverage("prescription", prescriptionMachine)

describe("prescription machine (model-based)", () => {
  const model = createFlowModel(prescriptionMachine, {
    events: EVENTS as never,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.diagnosis !== "",
        Math.min(s.context.medications.length, 3),
        s.context.medications.map((m) => m.id).filter((id) => id === "m-1" || id === "m-2"),
        Object.keys(prescriptionErrors(s.context)).length === 0,
      ]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["savePrescription"] as const)
      const effects: string[] = []
      const clock = new SimulatedClock()
      const actor = createActor(prescriptionMachine.provide({ actors: api.actors as never, actions: { goToList: () => effects.push("list") } }), {
        clock,
        inspect: coverage.inspect,
      }).start()
      coverage.pathRan()
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event)
        await flush()
      }
      const observe = (): PrescriptionView => {
        const snapshot = actor.getSnapshot()
        const { context } = snapshot
        const screens: Record<string, PrescriptionScreen> = { saving: "saving", saved: "savedMessage", left: "left" }
        return {
          screen: snapshot.matches("editing") ? "form" : screens[snapshot.value as string]!,
          diagnosis: context.diagnosis,
          notes: context.notes,
          medications: context.medications,
          errorsRevealed: snapshot.matches({ editing: "showingErrors" }),
          fieldErrors: snapshot.matches({ editing: "showingErrors" }) ? Object.keys(prescriptionErrors(context)).sort() : [],
          failureShown: snapshot.matches({ editing: "failed" }),
          saves: api.calls.map((c) => c.input),
          effects: [...effects],
        }
      }
      await test(
        judgedBy(
          { ...prescriptionOracle(), observe },
          () => undefined,
          {
            states: { saving: () => expect(api.isWaiting("savePrescription")).toBe(true) },
            events: {
              "prescription.setDiagnosis": ({ event }) => send(event as never),
              "prescription.setNotes": ({ event }) => send(event as never),
              "prescription.updateMedication": ({ event }) => send(event as never),
              "prescription.addMedication": () => send({ type: "prescription.addMedication" }),
              "prescription.removeMedication": ({ event }) => send(event as never),
              "prescription.submit": () => send({ type: "prescription.submit" }),
              "prescription.cancel": () => send({ type: "prescription.cancel" }),
              "xstate.done.actor.savePrescription": () => api.resolve("savePrescription", undefined),
              "xstate.error.actor.savePrescription": () => api.reject("savePrescription", new Error("storage full")),
              "xstate.after.redirectDelay.prescription.saved": () => {
                // SPEC §4: the message stays 2 seconds before the list.
                clock.increment(1999)
                expect(actor.getSnapshot().value).toBe("saved")
                clock.increment(1)
              },
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  it("keeps at least one medication and at most ten", () => {
    const actor = createActor(prescriptionMachine).start()
    expect(actor.getSnapshot().can({ type: "prescription.removeMedication", id: "m-1" })).toBe(false)
    for (let i = 0; i < MAX_MEDICATIONS + 3; i++) actor.send({ type: "prescription.addMedication" })
    expect(actor.getSnapshot().context.medications).toHaveLength(MAX_MEDICATIONS)
  })

  it("names the missing fields of SPEC §5", () => {
    const actor = createActor(prescriptionMachine).start()
    expect(prescriptionErrors(actor.getSnapshot().context)).toEqual({
      diagnosis: "validation.diagnosisRequired",
      "medications.0.name": "validation.medicationNameRequired",
      "medications.0.dosage": "validation.dosageRequired",
      "medications.0.frequency": "validation.frequencyRequired",
      "medications.0.duration": "validation.durationRequired",
    })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
