import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { profilePhotoMachine, showsProgress, type ProfilePhotoInput } from "./profilePhoto.machine.ts"
import { profilePhotoModel } from "./profilePhoto.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedByModel } from "./testing/specModel.ts"
import { refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

const USER = "6f0c1b4e-0000-4000-8000-000000000002"
/** Files do not survive JSON: each says its name, so the model keeps three distinct choices. */
const named = (file: File) => Object.assign(file, { toJSON: () => `file:${file.name}` })
const photo = named(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "moi.png", { type: "image/png" }))
const huge = named(new File([new Uint8Array(3 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }))
const notImage = named(new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "bilan.pdf", { type: "application/pdf" }))
const NEW_URL = `http://localhost/v0/b/b/o/profile-photos%2Fuser_${USER}.png?alt=media&token=t`

const EVENTS = [
  { type: "photo.choose", file: photo },
  { type: "photo.choose", file: huge },
  { type: "photo.choose", file: notImage },
  { type: "photo.delete" },
  { type: "photo.confirmDelete" },
  { type: "photo.cancelDelete" },
  { type: "photo.dismiss" },
  { type: "xstate.done.actor.removeEarlier", output: 1 },
  { type: "xstate.error.actor.removeEarlier", error: { code: "storage/unknown" } },
  { type: "xstate.done.actor.upload", output: { status: "success", fullPath: `profile-photos/user_${USER}.png` } },
  { type: "xstate.done.actor.upload", output: { status: "canceled" } },
  { type: "xstate.done.actor.upload", output: { status: "error", code: "storage/unauthorized", message: "No" } },
  { type: "xstate.error.actor.upload", error: { code: "storage/unknown" } },
  { type: "xstate.done.actor.getDownloadUrl", output: NEW_URL },
  { type: "xstate.error.actor.getDownloadUrl", error: { code: "storage/no-download-url" } },
  { type: "xstate.done.actor.savePhotoUrl", output: undefined },
  { type: "xstate.error.actor.savePhotoUrl", error: { code: "VALIDATION_ERROR" } },
  { type: "xstate.done.actor.deleteStoredFile", output: "deleted" },
  { type: "xstate.done.actor.deleteStoredFile", output: "notFound" },
  { type: "xstate.error.actor.deleteStoredFile", error: { code: "storage/unauthorized" } },
  { type: "xstate.done.actor.clearPhotoUrl", output: undefined },
  { type: "xstate.error.actor.clearPhotoUrl", error: { code: "SERVER_ERROR" } },
  { type: "xstate.after.progressHideDelay.profilePhoto.uploaded" },
] as const

const coverage = trackCoverage("profilePhoto", profilePhotoMachine)

function runPaths(label: string, input: ProfilePhotoInput) {
  const model = createFlowModel(profilePhotoMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.photoUrl, s.context.error, s.context.file?.name ?? null]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["removeEarlier", "upload", "getDownloadUrl", "savePhotoUrl", "deleteStoredFile"] as const)
        const effects: string[] = []
        const clock = new SimulatedClock()
        const actor = createActor(
          profilePhotoMachine.provide({
            actors: api.actors as never,
            actions: {
              warnTooLarge: (_, params) => effects.push(`tooLarge:${params.size}`),
              refreshSession: () => effects.push("refresh"),
              announce: (_, params) => effects.push(`announce:${params.what}`),
              warnNotFound: () => effects.push("notFound"),
              // What is logged is the failure itself.
              logFailure: (_, { error }) => effects.push(error === undefined ? "log without the error" : "log"),
            },
          }),
          { input, clock, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        await test(
          judgedByModel(
            profilePhotoModel(testIds.user(USER), input.photoUrl),
            () => ({ actor, calls: api.calls, effects }),
            {
              events: {
                "photo.choose": async ({ event }) => {
                  actor.send(event as never)
                  await flush()
                },
                "photo.delete": () => actor.send({ type: "photo.delete" }),
                "photo.confirmDelete": async () => {
                  actor.send({ type: "photo.confirmDelete" })
                  await flush()
                },
                "photo.cancelDelete": () => actor.send({ type: "photo.cancelDelete" }),
                "photo.dismiss": () => actor.send({ type: "photo.dismiss" }),
                "xstate.done.actor.removeEarlier": ({ event }) => api.resolve("removeEarlier", event.output),
                "xstate.error.actor.removeEarlier": ({ event }) => api.reject("removeEarlier", event.error),
                "xstate.done.actor.upload": ({ event }) => api.resolve("upload", event.output),
                "xstate.error.actor.upload": ({ event }) => api.reject("upload", event.error),
                "xstate.done.actor.getDownloadUrl": ({ event }) => api.resolve("getDownloadUrl", event.output),
                "xstate.error.actor.getDownloadUrl": ({ event }) => api.reject("getDownloadUrl", event.error),
                "xstate.done.actor.savePhotoUrl": ({ event }) => api.resolve("savePhotoUrl", event.output),
                "xstate.error.actor.savePhotoUrl": ({ event }) => api.reject("savePhotoUrl", event.error),
                "xstate.done.actor.deleteStoredFile": ({ event }) => api.resolve("deleteStoredFile", event.output),
                "xstate.error.actor.deleteStoredFile": ({ event }) => api.reject("deleteStoredFile", event.error),
                "xstate.done.actor.clearPhotoUrl": ({ event }) => api.resolve("savePhotoUrl", event.output),
                "xstate.error.actor.clearPhotoUrl": ({ event }) => api.reject("savePhotoUrl", event.error),
                "xstate.after.progressHideDelay.profilePhoto.uploaded": () => {
                  // The full bar stays a whole second.
                  clock.increment(999)
                  expect(showsProgress(actor.getSnapshot())).toBe(true)
                  clock.increment(1)
                },
              },
            },
            refusalsOf(actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("profile photo machine (model-based)", () => {
  runPaths("a user with a photo", { userId: testIds.user(USER), photoUrl: "http://localhost/v0/b/b/o/profile-photos%2Fuser_x.jpg?alt=media&token=old" })
  runPaths("a user without a photo", { userId: testIds.user(USER), photoUrl: null })

  it("takes a photo of exactly 3 MB: only a larger one is refused (SPEC §5)", () => {
    const warned: number[] = []
    const actor = createActor(profilePhotoMachine.provide({ actions: { warnTooLarge: (_, { size }) => warned.push(size) } }), {
      input: { userId: testIds.user(USER), photoUrl: null },
    }).start()
    actor.send({ type: "photo.choose", file: new File([new Uint8Array(3 * 1024 * 1024)], "moi.jpg", { type: "image/jpeg" }) })
    expect(warned).toEqual([])
    // The upload goes on: the form is busy, not back at rest or in error.
    expect(["idle", "failed"]).not.toContain(actor.getSnapshot().value)
  })

  // The store keeps a photo under its extension and browsers show it by its type: both must say image.
  it.each([
    ["a PDF named like a photo", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "moi.jpg", { type: "application/pdf" })],
    ["a photo named like a text", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "moi.txt", { type: "image/png" })],
  ])("refuses %s, saying it is not an image", (_, file) => {
    const actor = createActor(profilePhotoMachine, { input: { userId: testIds.user(USER), photoUrl: null } }).start()
    actor.send({ type: "photo.choose", file })
    expect(actor.getSnapshot().value).toBe("failed")
    expect(actor.getSnapshot().context.error).toBe("photo.notAnImage")
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
