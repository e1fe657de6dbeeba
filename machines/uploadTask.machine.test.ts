import { afterAll, describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedByModel } from "./testing/specModel.ts"
import { refusalsOf } from "./testing/specOracle.ts"
import { uploadTaskMachine, type UploadCommand, type UploadTaskInput } from "./uploadTask.machine.ts"
import { uploadTaskModel } from "./uploadTask.oracle.ts"

const input: UploadTaskInput = { file: new Blob([new Uint8Array(1000)]), path: "medical-records/u/x.pdf", contentType: "application/pdf" }

const EVENTS = [
  { type: "upload.pause" },
  { type: "upload.resume" },
  { type: "upload.cancel" },
  { type: "task.progress", transferred: 512, total: 1000 },
  { type: "task.paused" },
  { type: "task.success", fullPath: "medical-records/u/x.pdf" },
  { type: "task.error", code: "storage/unauthorized", message: "No" },
  { type: "task.canceled" },
  { type: "xstate.error.actor.task", error: { code: "storage/unknown", message: "Crashed" } },
] as const

const coverage = trackCoverage("uploadTask", uploadTaskMachine)

/** A stand-in for the SDK's resumable task: records what it is told, fails on demand. */
function fakeTask() {
  const commands: UploadCommand["type"][] = []
  const given: UploadTaskInput[] = []
  let started = 0
  let stopped = 0
  const actor = fromCallback<UploadCommand, UploadTaskInput>(({ receive, input }) => {
    started++
    given.push(input)
    receive((command) => commands.push(command.type))
    return () => {
      stopped++
    }
  })
  return { actor, commands, given, started: () => started, stopped: () => stopped }
}

describe("upload task machine (model-based)", () => {
  const model = createFlowModel(uploadTaskMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.transferred]),
    // A finished upload hears nothing more: its actor has stopped.
    filterEvents: (s, e) => s.status === "active" && s.can(e),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const task = fakeTask()
      const actor = createActor(uploadTaskMachine.provide({ actors: { sdkTask: task.actor } }), { input, inspect: coverage.inspect }).start()
      coverage.pathRan()
      expect(task.started()).toBe(1)
      // The SDK is asked to upload the file chosen, to its path, with its type (SPEC §4).
      expect(task.given).toEqual([input])
      const send = ({ event }: { event: { type: string } }) => actor.send(event as never)
      await test(
        judgedByModel(
          uploadTaskModel({ path: input.path, size: input.file.size }),
          () => ({ actor, commands: task.commands }),
          {
            states: {
              // The SDK's task is stopped once the upload is over, never before.
              "*": () => expect(task.stopped()).toBe(actor.getSnapshot().status === "done" ? 1 : 0),
            },
            events: Object.fromEntries(EVENTS.map((e) => [e.type, send])),
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

describe("upload task rules of SPEC §4", () => {
  const start = () => createActor(uploadTaskMachine.provide({ actors: { sdkTask: fakeTask().actor } }), { input }).start()
  it("pauses only from running, resumes only from paused or pausing, cancels only from running or pausing", () => {
    const a = start()
    expect(a.getSnapshot().can({ type: "upload.resume" })).toBe(false)
    a.send({ type: "upload.pause" })
    expect(a.getSnapshot().value).toBe("pausing")
    expect(a.getSnapshot().can({ type: "upload.pause" })).toBe(false)
    a.send({ type: "task.paused" })
    expect(a.getSnapshot().can({ type: "upload.cancel" })).toBe(false)
    expect(a.getSnapshot().can({ type: "upload.pause" })).toBe(false)
    expect(a.getSnapshot().can({ type: "upload.resume" })).toBe(true)
  })
})
