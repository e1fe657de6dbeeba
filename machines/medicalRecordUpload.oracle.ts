import type { Actor, AnyEventObject } from "xstate"
import type { MedicalRecordUploadEvent, medicalRecordUploadMachine, RecordDraft } from "./medicalRecordUpload.machine.ts"
import type { SpecModel } from "./testing/specModel.ts"
import type { UserId } from "../schemas/ids.ts"

/** A call the flow made: the storage upload, the download URL, the record's creation. */
export interface RecordCall {
  readonly name: "upload" | "getDownloadUrl" | "createRecord"
  readonly input: unknown
}

/** What the patient sees of the add-record form, and what was asked of storage and the gateway. */
export interface MedicalRecordUploadView {
  /** The fields are disabled while the record goes out. */
  readonly busy: boolean
  /** The progress bar: none, live (pause, resume, cancel), or full once the file is stored. */
  readonly progress: "none" | "live" | "full"
  /** The text key of the error shown. */
  readonly error: string | null
  /** A new record can be sent; the error can be dismissed. */
  readonly canSubmit: boolean
  readonly canDismiss: boolean
  readonly calls: ReadonlyArray<RecordCall>
  /** created:{id} (list refreshed, saved toast) and log (a failure, logged only), in order. */
  readonly effects: ReadonlyArray<string>
}

type Phase = "form" | "uploading" | "gettingUrl" | "creating" | "created" | "failed"

interface MedicalRecordUploadState {
  readonly phase: Phase
  readonly error: string | null
  readonly draft: RecordDraft | null
  readonly path: string | null
  readonly calls: ReadonlyArray<RecordCall>
  readonly effects: ReadonlyArray<string>
}

export interface MedicalRecordUploadSut {
  readonly actor: Actor<typeof medicalRecordUploadMachine>
  readonly calls: ReadonlyArray<RecordCall>
  readonly effects: ReadonlyArray<string>
}

/** SPEC §5: PDF, PNG, JPG, JPEG, DOC, DOCX, up to 10 MB. */
const ACCEPTED = ["pdf", "png", "jpg", "jpeg", "doc", "docx"]
function refusal(file: File): string | null {
  const extension = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : ""
  if (!ACCEPTED.includes(extension)) return "validation.fileTypeNotAllowed"
  if (file.size > 10 * 1024 * 1024) return "validation.fileTooLarge"
  return null
}

/** Where a record's file goes: the patient's own folder, a unique prefix, its own name. */
export const recordPathPattern = (userId: UserId, name: string) => `medical-records/${userId}/*_${name}`

/**
 * SPEC §2 "medical record upload", §5 "Record upload: type and description required. Accepted
 * files are PDF, PNG, JPG, JPEG, DOC, DOCX, up to 10 MB", §9 "Progress bar hides 1000 ms", §8
 * "upload error" is logged only: a refused file is said at once and nothing is sent; otherwise the
 * file is uploaded under the patient's folder with its type, its download URL fetched, and the
 * record created with the trimmed description and the file attached. A canceled upload returns to
 * the form as it was; a failure says so and keeps the form.
 */
export function medicalRecordUploadModel(userId: UserId): SpecModel<MedicalRecordUploadState, MedicalRecordUploadView, MedicalRecordUploadSut> {
  const fail = (state: MedicalRecordUploadState, error: string): MedicalRecordUploadState => ({
    ...state,
    phase: "failed",
    error,
    effects: [...state.effects, "log"],
  })
  const call = (state: MedicalRecordUploadState, phase: Phase, name: RecordCall["name"], input: unknown): MedicalRecordUploadState => ({
    ...state,
    phase,
    calls: [...state.calls, { name, input }],
  })
  return {
    initial: { phase: "form", error: null, draft: null, path: null, calls: [], effects: [] },
    after(state, event: AnyEventObject) {
      const { phase, draft } = state
      switch (event.type) {
        case "record.submit": {
          if (phase !== "form" && phase !== "failed") return state
          const next = (event as Extract<MedicalRecordUploadEvent, { type: "record.submit" }>).draft
          const refused = refusal(next.file)
          if (refused) return { ...state, error: refused }
          const file = next.file
          return call({ ...state, draft: next, error: null }, "uploading", "upload", {
            file,
            path: recordPathPattern(userId, file.name),
            contentType: file.type || "application/octet-stream",
          })
        }
        case "record.dismiss":
          return phase === "failed" ? { ...state, phase: "form", error: null } : state
        // An answer changes something only while its call is under way.
        case "xstate.done.actor.upload": {
          if (phase !== "uploading") return state
          const output = event.output as { status: string; fullPath?: string }
          if (output.status === "success") return call({ ...state, path: output.fullPath! }, "gettingUrl", "getDownloadUrl", { path: output.fullPath })
          if (output.status === "canceled") return { ...state, phase: "form" }
          return fail(state, "medicalRecords.uploadFailed")
        }
        case "xstate.error.actor.upload":
          return phase === "uploading" ? fail(state, "medicalRecords.uploadFailed") : state
        case "xstate.error.actor.getDownloadUrl":
          return phase === "gettingUrl" ? fail(state, "medicalRecords.uploadFailed") : state
        case "xstate.done.actor.getDownloadUrl":
          if (phase !== "gettingUrl") return state
          return call(state, "creating", "createRecord", {
            title: draft!.file.name,
            type: draft!.type,
            description: draft!.description.trim(),
            attachments: [{ id: state.path, name: draft!.file.name, url: event.output }],
          })
        case "xstate.done.actor.createRecord":
          if (phase !== "creating") return state
          return { ...state, phase: "created", effects: [...state.effects, `created:${(event.output as { id: string }).id}`] }
        case "xstate.error.actor.createRecord":
          return phase === "creating" ? fail(state, "medicalRecords.saveFailed") : state
        case "xstate.after.progressHideDelay.medicalRecordUpload.created":
          if (phase !== "created") return state
          return { ...state, phase: "form", draft: null, path: null }
        default:
          return state
      }
    },
    view: ({ phase, error, calls, effects }) => ({
      busy: phase === "uploading" || phase === "gettingUrl" || phase === "creating",
      progress: phase === "uploading" ? "live" : phase === "gettingUrl" || phase === "creating" || phase === "created" ? "full" : "none",
      error,
      canSubmit: phase === "form" || phase === "failed",
      canDismiss: phase === "failed",
      calls,
      effects,
    }),
    // As MedicalRecordsPage renders the flow.
    observe: ({ actor, calls, effects }) => {
      const s = actor.getSnapshot()
      const state = String(s.value)
      const probe = { type: "record.submit", draft: { type: "LAB_RESULT", description: "x", file: new File(["%PDF"], "probe.pdf") } } as const
      return {
        busy: ["uploading", "gettingUrl", "creating"].includes(state),
        progress: s.children.upload ? "live" : ["gettingUrl", "creating", "created"].includes(state) ? "full" : "none",
        error: s.context.error,
        canSubmit: s.can(probe),
        canDismiss: s.can({ type: "record.dismiss" }),
        calls,
        effects,
      }
    },
  }
}
