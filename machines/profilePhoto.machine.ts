import { assign, fromPromise, setup } from "xstate"
import { extensionOf, PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, profilePhotoPath } from "../schemas/storagePaths.ts"
import { uploadTaskMachine, type UploadTaskOutput } from "./uploadTask.machine.ts"
import type { UserId } from "../schemas/ids.ts"

export interface ProfilePhotoInput {
  readonly userId: UserId
  readonly photoUrl: string | null
}

export interface ProfilePhotoContext extends ProfilePhotoInput {
  file: File | null
  /** Where the new photo went in the bucket, once uploaded. */
  path: string | null
  newUrl: string | null
  /** What went wrong, as a text key of the `photo` section. */
  error: string | null
}

export type ProfilePhotoEvent =
  { type: "photo.choose"; file: File } | { type: "photo.delete" } | { type: "photo.confirmDelete" } | { type: "photo.cancelDelete" } | { type: "photo.dismiss" }

const chosen = (event: ProfilePhotoEvent) => (event.type === "photo.choose" ? event.file : null)

/**
 * The profile photo flow of SPEC §4, for patients and doctors alike: choose a file (over 3 MB it
 * is refused with a console warning only, SPEC §5), delete the user's earlier photos, upload with
 * progress (pause, resume, cancel in the child upload task), get the download URL, save it as
 * photoUrl through the role's profile update, refresh the session; the progress bar goes 1 s
 * after 100 %. Delete: confirm, delete the stored file (not found: a warning, and photoUrl is
 * cleared anyway), clear photoUrl, save.
 */
export const profilePhotoMachine = setup({
  types: {
    context: {} as ProfilePhotoContext,
    events: {} as ProfilePhotoEvent,
    input: {} as ProfilePhotoInput,
  },
  actors: {
    removeEarlier: fromPromise<number, { userId: UserId }>(async () => 0),
    upload: uploadTaskMachine,
    getDownloadUrl: fromPromise<string, { path: string }>(async () => {
      throw new Error("getDownloadUrl not provided")
    }),
    savePhotoUrl: fromPromise<void, { photoUrl: string | null }>(async () => {
      throw new Error("savePhotoUrl not provided")
    }),
    deleteStoredFile: fromPromise<"deleted" | "notFound", { url: string }>(async () => "deleted"),
  },
  actions: {
    /** SPEC §5: a photo over 3 MB is refused silently, with a console warning only. */
    warnTooLarge: (_, _params: { size: number }) => {},
    /** Refreshes the session so the header and the profile show the new photo; provided by the app. */
    refreshSession: () => {},
    announce: (_, _params: { what: "saved" | "deleted" }) => {},
    /** SPEC §8: the file was already gone; photoUrl is cleared anyway. */
    warnNotFound: () => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    tooLarge: ({ event }) => (chosen(event)?.size ?? 0) > PHOTO_MAX_BYTES,
    notAnImage: ({ event }) => {
      const file = chosen(event)
      return !file || !(PHOTO_EXTENSIONS as ReadonlyArray<string>).includes(extensionOf(file.name)) || !file.type.startsWith("image/")
    },
    hasPhoto: ({ context }) => context.photoUrl !== null,
    uploaded: (_, params: { output: UploadTaskOutput }) => params.output.status === "success",
    uploadCanceled: (_, params: { output: UploadTaskOutput }) => params.output.status === "canceled",
    fileWasMissing: (_, params: { outcome: "deleted" | "notFound" }) => params.outcome === "notFound",
  },
  delays: {
    /** The progress bar hides 1 s after 100 % (SPEC §9). */
    progressHideDelay: 1000,
  },
}).createMachine({
  id: "profilePhoto",
  context: ({ input }) => ({ ...input, file: null, path: null, newUrl: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "photo.choose": [
          { guard: "tooLarge", actions: { type: "warnTooLarge", params: ({ event }) => ({ size: event.file.size }) } },
          { guard: "notAnImage", target: "failed", actions: assign({ error: "photo.notAnImage" }) },
          { target: "removingEarlier", actions: assign({ file: ({ event }) => event.file, error: null }) },
        ],
        "photo.delete": { guard: "hasPhoto", target: "confirmingDelete" },
      },
    },
    removingEarlier: {
      invoke: {
        id: "removeEarlier",
        src: "removeEarlier",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: "uploading",
        // Best effort: the new photo replaces a same-named one anyway.
        onError: { target: "uploading", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context }) => ({
          file: context.file!,
          path: profilePhotoPath(context.userId, context.file!.name),
          contentType: context.file!.type,
        }),
        onDone: [
          {
            guard: { type: "uploaded", params: ({ event }) => ({ output: event.output }) },
            target: "gettingUrl",
            actions: assign({ path: ({ event }) => (event.output.status === "success" ? event.output.fullPath : null) }),
          },
          { guard: { type: "uploadCanceled", params: ({ event }) => ({ output: event.output }) }, target: "idle", actions: assign({ file: null }) },
          { target: "failed", actions: [assign({ error: "photo.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.output }) }] },
        ],
        onError: {
          target: "failed",
          actions: [assign({ error: "photo.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    gettingUrl: {
      invoke: {
        id: "getDownloadUrl",
        src: "getDownloadUrl",
        input: ({ context }) => ({ path: context.path! }),
        onDone: { target: "saving", actions: assign({ newUrl: ({ event }) => event.output }) },
        onError: {
          target: "failed",
          actions: [assign({ error: "photo.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    saving: {
      invoke: {
        id: "savePhotoUrl",
        src: "savePhotoUrl",
        input: ({ context }) => ({ photoUrl: context.newUrl }),
        onDone: {
          target: "uploaded",
          actions: [assign({ photoUrl: ({ context }) => context.newUrl }), "refreshSession", { type: "announce", params: { what: "saved" } }],
        },
        onError: {
          target: "failed",
          actions: [assign({ error: "photo.saveFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    uploaded: {
      after: { progressHideDelay: { target: "idle", actions: assign({ file: null }) } },
    },
    failed: {
      on: {
        "photo.choose": [
          { guard: "tooLarge", actions: { type: "warnTooLarge", params: ({ event }) => ({ size: event.file.size }) } },
          { guard: "notAnImage", actions: assign({ error: "photo.notAnImage" }) },
          { target: "removingEarlier", actions: assign({ file: ({ event }) => event.file, error: null }) },
        ],
        "photo.dismiss": { target: "idle", actions: assign({ error: null, file: null }) },
      },
    },
    confirmingDelete: {
      on: {
        "photo.confirmDelete": "deletingFile",
        "photo.cancelDelete": "idle",
      },
    },
    deletingFile: {
      invoke: {
        id: "deleteStoredFile",
        src: "deleteStoredFile",
        input: ({ context }) => ({ url: context.photoUrl! }),
        onDone: [
          { guard: { type: "fileWasMissing", params: ({ event }) => ({ outcome: event.output }) }, target: "clearingUrl", actions: "warnNotFound" },
          { target: "clearingUrl" },
        ],
        onError: {
          target: "failed",
          actions: [assign({ error: "photo.deleteFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    clearingUrl: {
      invoke: {
        id: "clearPhotoUrl",
        src: "savePhotoUrl",
        input: () => ({ photoUrl: null }),
        onDone: {
          target: "idle",
          actions: [assign({ photoUrl: null }), "refreshSession", { type: "announce", params: { what: "deleted" } }],
        },
        onError: {
          target: "failed",
          actions: [assign({ error: "photo.deleteFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
})

/** True while the upload's progress bar is on screen. */
export const showsProgress = (state: { matches(value: string): boolean }) => ["uploading", "gettingUrl", "saving", "uploaded"].some((s) => state.matches(s))
