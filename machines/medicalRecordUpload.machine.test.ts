import { afterAll, describe, expect, it } from "vitest"
import { createActor, fromPromise, SimulatedClock } from "xstate"
import type { MedicalRecord } from "../schemas/patient.ts"
import { fileProblem, medicalRecordUploadMachine } from "./medicalRecordUpload.machine.ts"
import { medicalRecordUploadModel } from "./medicalRecordUpload.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedByModel } from "./testing/specModel.ts"
import { refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

const USER = "6f0c1b4e-0000-4000-8000-000000000002"
const named = (file: File) => Object.assign(file, { toJSON: () => `file:${file.name}` })
const pdf = named(new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "bilan.pdf", { type: "application/pdf" }))
const exe = named(new File([new Uint8Array([0x4d, 0x5a])], "setup.exe", { type: "application/octet-stream" }))
const URL_ = `http://localhost/v0/b/b/o/medical-records%2F${USER}%2Fx_bilan.pdf?alt=media&token=t`
const record = { id: "r1", title: "bilan.pdf" } as MedicalRecord

const EVENTS = [
  { type: "record.submit", draft: { type: "LAB_RESULT", description: " Bilan sanguin ", file: pdf } },
  { type: "record.submit", draft: { type: "IMAGING", description: "Radio", file: exe } },
  { type: "record.dismiss" },
  { type: "xstate.done.actor.upload", output: { status: "success", fullPath: `medical-records/${USER}/x_bilan.pdf` } },
  { type: "xstate.done.actor.upload", output: { status: "canceled" } },
  { type: "xstate.done.actor.upload", output: { status: "error", code: "storage/unknown", message: "x" } },
  { type: "xstate.error.actor.upload", error: { code: "storage/unknown" } },
  { type: "xstate.done.actor.getDownloadUrl", output: URL_ },
  { type: "xstate.error.actor.getDownloadUrl", error: { code: "storage/unknown" } },
  { type: "xstate.done.actor.createRecord", output: record },
  { type: "xstate.error.actor.createRecord", error: { code: "VALIDATION_ERROR" } },
  { type: "xstate.after.progressHideDelay.medicalRecordUpload.created" },
] as const

const coverage = trackCoverage("medicalRecordUpload", medicalRecordUploadMachine)

describe("medical record upload machine (model-based)", () => {
  const model = createFlowModel(medicalRecordUploadMachine, {
    input: { userId: testIds.user(USER) },
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.error, s.context.draft?.file.name ?? null]),
  })
  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["upload", "getDownloadUrl", "createRecord"] as const)
      const effects: string[] = []
      const clock = new SimulatedClock()
      const actor = createActor(
        medicalRecordUploadMachine.provide({
          actors: api.actors as never,
          actions: {
            onCreated: (_, p) => effects.push(`created:${p.record.id}`),
            logFailure: (_, { error }) => effects.push(error === undefined ? "log without the error" : "log"),
          },
        }),
        { input: { userId: testIds.user(USER) }, clock, inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      // The upload's path has a unique prefix of its own: the calls show it as `*`.
      const calls = () =>
        api.calls.map(({ name, input }) => {
          if (name !== "upload") return { name, input }
          const upload = input as { path: string }
          return { name, input: { ...upload, path: upload.path.replace(/\/[a-z0-9]+_/, "/*_") } }
        })
      await test(
        judgedByModel(
          medicalRecordUploadModel(testIds.user(USER)),
          () => ({ actor, calls: calls(), effects }),
          {
            events: {
              "record.submit": async ({ event }) => {
                actor.send(event as never)
                await flush()
              },
              "record.dismiss": () => actor.send({ type: "record.dismiss" }),
              "xstate.done.actor.upload": ({ event }) => api.resolve("upload", event.output),
              "xstate.error.actor.upload": ({ event }) => api.reject("upload", event.error),
              "xstate.done.actor.getDownloadUrl": ({ event }) => api.resolve("getDownloadUrl", event.output),
              "xstate.error.actor.getDownloadUrl": ({ event }) => api.reject("getDownloadUrl", event.error),
              "xstate.done.actor.createRecord": ({ event }) => api.resolve("createRecord", event.output),
              "xstate.error.actor.createRecord": ({ event }) => api.reject("createRecord", event.error),
              "xstate.after.progressHideDelay.medicalRecordUpload.created": () => {
                // The full bar stays a whole second.
                clock.increment(999)
                expect(actor.getSnapshot().value).toBe("created")
                clock.increment(1)
              },
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})

describe("record files (SPEC §5)", () => {
  it("accepts PDF, PNG, JPG, JPEG, DOC and DOCX up to 10 MB, and says why otherwise", () => {
    for (const name of ["a.pdf", "b.PNG", "c.jpg", "d.jpeg", "e.doc", "f.docx"]) expect(fileProblem(new File([new Uint8Array(10)], name))).toBeNull()
    expect(fileProblem(new File([new Uint8Array(10)], "g.gif"))).toBe("validation.fileTypeNotAllowed")
    expect(fileProblem(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf"))).toBe("validation.fileTooLarge")
    expect(fileProblem(new File([new Uint8Array(10 * 1024 * 1024)], "max.pdf"))).toBeNull()
    expect(fileProblem(new File([], "empty.pdf"))).toBe("validation.fileEmpty")
  })

  it("stores a file the browser gave no type (a .docx on some phones) as plain bytes", () => {
    const started: Array<{ contentType: string }> = []
    const actor = createActor(
      medicalRecordUploadMachine.provide({
        actors: { upload: fromPromise(({ input }: { input: { contentType: string } }) => (started.push(input), new Promise(() => {}))) as never },
      }),
      { input: { userId: testIds.user(USER) } },
    ).start()
    actor.send({ type: "record.submit", draft: { type: "PRESCRIPTION", description: "Ordonnance", file: new File([new Uint8Array(10)], "ordonnance.docx") } })
    expect(started.map((s) => s.contentType)).toEqual(["application/octet-stream"])
  })
})
