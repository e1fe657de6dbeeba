import { afterAll, describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { uploadTaskMachine, type UploadCommand, type UploadTaskInput } from "./uploadTask.machine.ts"

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
  let started = 0
  let stopped = 0
  const actor = fromCallback<UploadCommand, UploadTaskInput>(({ receive }) => {
    started++
    receive((command) => commands.push(command.type))
    return () => {
      stopped++
    }
  })
  return { actor, commands, started: () => started, stopped: () => stopped }
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
      let lastCommand: string | undefined
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context.transferred).toBe(expected.context.transferred)
          },
          pausing: () => expect(task.commands.at(-1)).toBe("pause"),
          canceling: () => expect(task.commands.at(-1)).toBe("cancel"),
          running: () => {
            if (lastCommand === "upload.resume") expect(task.commands.at(-1)).toBe("resume")
          },
          success: () => {
            expect(actor.getSnapshot().output).toEqual({ status: "success", fullPath: input.path })
            expect(actor.getSnapshot().context.transferred).toBe(1000)
            expect(task.stopped()).toBe(1)
          },
          canceled: () => {
            expect(actor.getSnapshot().output).toEqual({ status: "canceled" })
            expect(task.stopped()).toBe(1)
          },
          error: () => {
            expect(actor.getSnapshot().status).toBe("done")
            expect(actor.getSnapshot().output).toMatchObject({ status: "error" })
          },
        },
        events: {
          "upload.pause": () => {
            lastCommand = "upload.pause"
            actor.send({ type: "upload.pause" })
          },
          "upload.resume": () => {
            lastCommand = "upload.resume"
            actor.send({ type: "upload.resume" })
          },
          "upload.cancel": () => {
            lastCommand = "upload.cancel"
            actor.send({ type: "upload.cancel" })
          },
          "task.progress": ({ event }) => actor.send(event as never),
          "task.paused": () => actor.send({ type: "task.paused" }),
          "task.success": ({ event }) => actor.send(event as never),
          "task.error": ({ event }) => actor.send(event as never),
          "task.canceled": () => actor.send({ type: "task.canceled" }),
          // What XState delivers when the callback actor throws (the SDK failed to start).
          "xstate.error.actor.task": ({ event }) => actor.send(event as never),
        },
      })
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
