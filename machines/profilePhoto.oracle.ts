import type { Actor, AnyEventObject } from "xstate"
import { showsProgress, type profilePhotoMachine } from "./profilePhoto.machine.ts"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecModel } from "./testing/specModel.ts"
import type { UserId } from "../schemas/ids.ts"

/** A call the flow made to storage or to the profile update. */
export interface PhotoCall {
  readonly name: "removeEarlier" | "upload" | "getDownloadUrl" | "savePhotoUrl" | "deleteStoredFile"
  readonly input: unknown
}

/** What the user sees of the photo editor, and what was asked of storage and the gateway. */
export interface ProfilePhotoView {
  /** The photo the avatar shows (null: the role's default image). */
  readonly photo: string | null
  /** Change and Delete are disabled while something is under way. */
  readonly busy: boolean
  /** Delete is offered (there is a photo and nothing is under way). */
  readonly canDelete: boolean
  /** The progress bar: none, live (pause, resume, cancel), or full once the file is stored. */
  readonly progress: "none" | "live" | "full"
  /** The text key of the error shown, with its Close button. */
  readonly error: string | null
  /** The delete confirmation: closed, asking, or busy deleting. */
  readonly confirm: "closed" | "asking" | "busy"
  readonly calls: ReadonlyArray<PhotoCall>
  /** tooLarge:{size} (console only), refresh (session), announce:saved|deleted, notFound (warning toast), log. */
  readonly effects: ReadonlyArray<string>
  /** What the user can do (choose, delete, confirm, cancel, dismiss) and which answer the flow awaits. */
  readonly enabled: ReadonlyArray<string>
}

/** One event of each kind, to ask the machine which it reacts to. */
const PROBES = [
  { type: "photo.choose", file: new File([new Uint8Array(4)], "probe.png", { type: "image/png" }) },
  { type: "photo.delete" },
  { type: "photo.confirmDelete" },
  { type: "photo.cancelDelete" },
  { type: "photo.dismiss" },
  ...["removeEarlier", "upload", "getDownloadUrl", "savePhotoUrl", "deleteStoredFile", "clearPhotoUrl"].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: id === "upload" ? { status: "success", fullPath: "p" } : "x" },
    { type: `xstate.error.actor.${id}`, error: {} },
  ]),
  { type: "xstate.after.progressHideDelay.profilePhoto.uploaded" },
]

/** The call each phase waits for. */
const AWAITS: Partial<Record<string, string>> = {
  removing: "removeEarlier",
  uploading: "upload",
  gettingUrl: "getDownloadUrl",
  saving: "savePhotoUrl",
  deleting: "deleteStoredFile",
  clearing: "clearPhotoUrl",
}

type Phase = "idle" | "removing" | "uploading" | "gettingUrl" | "saving" | "uploaded" | "failed" | "asking" | "deleting" | "clearing"

interface ProfilePhotoState {
  readonly phase: Phase
  readonly photo: string | null
  readonly error: string | null
  readonly file: File | null
  readonly newUrl: string | null
  readonly calls: ReadonlyArray<PhotoCall>
  readonly effects: ReadonlyArray<string>
}

export interface ProfilePhotoSut {
  readonly actor: Actor<typeof profilePhotoMachine>
  readonly calls: ReadonlyArray<PhotoCall>
  readonly effects: ReadonlyArray<string>
}

/** SPEC §5: profile photos up to 3 MB; only images are taken. */
const MAX_BYTES = 3 * 1024 * 1024
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "gif"]
const extension = (name: string) => (name.includes(".") ? name.split(".").pop()!.toLowerCase() : "")

/**
 * SPEC §4 "Profile photo flow: choose a file, upload with a progress bar (hidden 1 second after
 * 100%), get the download URL, save it as photoUrl on the profile, refresh the session. Delete
 * flow: confirm dialog, delete the stored file, clear photoUrl, save the profile", §5 "maximum 3 MB.
 * A larger file is silently refused (console warning only). The stored file name is user_{id} plus
 * the original extension in a profile photos folder. Any earlier file starting with user_{id} is
 * deleted first", §8 "Photo delete with no file found: a warning toast says not found, and photoUrl
 * is cleared anyway", "upload error" logged only.
 */
export function profilePhotoModel(userId: UserId, photoUrl: string | null): SpecModel<ProfilePhotoState, ProfilePhotoView, ProfilePhotoSut> {
  const call = (state: ProfilePhotoState, phase: Phase, name: PhotoCall["name"], input: unknown): ProfilePhotoState => ({
    ...state,
    phase,
    calls: [...state.calls, { name, input }],
  })
  const effect = (state: ProfilePhotoState, ...effects: string[]) => ({ ...state, effects: [...state.effects, ...effects] })
  const fail = (state: ProfilePhotoState, error: string): ProfilePhotoState => ({ ...effect(state, "log"), phase: "failed", error })
  const upload = (state: ProfilePhotoState): ProfilePhotoState => {
    const file = state.file!
    return call(state, "uploading", "upload", { file, path: `profile-photos/user_${userId}.${extension(file.name)}`, contentType: file.type })
  }
  return {
    initial: { phase: "idle", photo: photoUrl, error: null, file: null, newUrl: null, calls: [], effects: [] },
    after(state, event: AnyEventObject) {
      const { phase } = state
      // An answer changes something only while its call is under way; the bar hides only once full.
      const answer = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)
      if (answer && AWAITS[phase] !== answer[1]) return state
      if (event.type === "xstate.after.progressHideDelay.profilePhoto.uploaded" && phase !== "uploaded") return state
      switch (event.type) {
        case "photo.choose": {
          if (phase !== "idle" && phase !== "failed") return state
          const file = event.file as File
          if (file.size > MAX_BYTES) return effect(state, `tooLarge:${file.size}`)
          if (!IMAGE_EXTENSIONS.includes(extension(file.name)) || !file.type.startsWith("image/"))
            return { ...state, phase: "failed", error: "photo.notAnImage" }
          return call({ ...state, file, error: null }, "removing", "removeEarlier", { userId })
        }
        case "photo.dismiss":
          return phase === "failed" ? { ...state, phase: "idle", error: null, file: null } : state
        case "photo.delete":
          return phase === "idle" && state.photo !== null ? { ...state, phase: "asking" } : state
        case "photo.cancelDelete":
          return phase === "asking" ? { ...state, phase: "idle" } : state
        case "photo.confirmDelete":
          return phase === "asking" ? call(state, "deleting", "deleteStoredFile", { url: state.photo }) : state
        case "xstate.done.actor.removeEarlier":
          return upload(state)
        case "xstate.error.actor.removeEarlier":
          // Best effort: the new photo is uploaded anyway.
          return upload(effect(state, "log"))
        case "xstate.done.actor.upload": {
          const output = event.output as { status: string; fullPath?: string }
          if (output.status === "success") return call(state, "gettingUrl", "getDownloadUrl", { path: output.fullPath })
          if (output.status === "canceled") return { ...state, phase: "idle", file: null }
          return fail(state, "photo.uploadFailed")
        }
        case "xstate.error.actor.upload":
        case "xstate.error.actor.getDownloadUrl":
          return fail(state, "photo.uploadFailed")
        case "xstate.done.actor.getDownloadUrl":
          return call({ ...state, newUrl: event.output as string }, "saving", "savePhotoUrl", { photoUrl: event.output })
        case "xstate.done.actor.savePhotoUrl":
          return { ...effect(state, "refresh", "announce:saved"), phase: "uploaded", photo: state.newUrl }
        case "xstate.error.actor.savePhotoUrl":
          return fail(state, "photo.saveFailed")
        case "xstate.after.progressHideDelay.profilePhoto.uploaded":
          return { ...state, phase: "idle", file: null }
        case "xstate.done.actor.deleteStoredFile": {
          const warned = event.output === "notFound" ? effect(state, "notFound") : state
          return call(warned, "clearing", "savePhotoUrl", { photoUrl: null })
        }
        case "xstate.error.actor.deleteStoredFile":
        case "xstate.error.actor.clearPhotoUrl":
          return fail(state, "photo.deleteFailed")
        case "xstate.done.actor.clearPhotoUrl":
          return { ...effect(state, "refresh", "announce:deleted"), phase: "idle", photo: null }
        default:
          return state
      }
    },
    view: ({ phase, photo, error, calls, effects }) => ({
      photo,
      busy: phase !== "idle" && phase !== "failed",
      canDelete: phase === "idle" && photo !== null,
      progress: phase === "uploading" ? "live" : phase === "gettingUrl" || phase === "saving" || phase === "uploaded" ? "full" : "none",
      error: phase === "failed" ? error : null,
      confirm: phase === "asking" ? "asking" : phase === "deleting" || phase === "clearing" ? "busy" : "closed",
      calls,
      effects,
      enabled: enabledWhen({
        "photo.choose": phase === "idle" || phase === "failed",
        "photo.delete": phase === "idle" && photo !== null,
        "photo.confirmDelete": phase === "asking",
        "photo.cancelDelete": phase === "asking",
        "photo.dismiss": phase === "failed",
        // SPEC §9: the full bar hides after a second.
        "xstate.after.progressHideDelay.profilePhoto.uploaded": phase === "uploaded",
        ...(AWAITS[phase] ? { [`xstate.done.actor.${AWAITS[phase]}`]: true, [`xstate.error.actor.${AWAITS[phase]}`]: true } : {}),
      }),
    }),
    // As ProfilePhotoEditor renders the flow.
    observe: ({ actor, calls, effects }) => {
      const s = actor.getSnapshot()
      const state = String(s.value)
      const dialog = state === "confirmingDelete" || state === "deletingFile" || state === "clearingUrl"
      return {
        photo: s.context.photoUrl,
        busy: state !== "idle" && state !== "failed",
        canDelete: s.context.photoUrl !== null && s.can({ type: "photo.delete" }),
        progress: showsProgress(s) ? (s.children.upload ? "live" : "full") : "none",
        error: state === "failed" ? s.context.error : null,
        confirm: dialog ? (state === "confirmingDelete" ? "asking" : "busy") : "closed",
        calls,
        effects,
        enabled: enabledOf(s, PROBES),
      }
    },
  }
}
