import { assign, fromPromise, setup } from "xstate"
import type { MedicalRecordType } from "../schemas/enums.ts"
import type { MedicalRecord, MedicalRecordInput } from "../schemas/patient.ts"
import { extensionOf, medicalRecordPath, RECORD_EXTENSIONS, RECORD_MAX_BYTES } from "../schemas/storagePaths.ts"
import { uploadTaskMachine, type UploadTaskOutput } from "./uploadTask.machine.ts"
import type { UserId } from "../schemas/ids.ts"

export interface RecordDraft {
  readonly type: MedicalRecordType
  readonly description: string
  readonly file: File
}

export interface MedicalRecordUploadInput {
  readonly userId: UserId
}

export interface MedicalRecordUploadContext extends MedicalRecordUploadInput {
  draft: RecordDraft | null
  /** Where the file went, then its download URL. */
  path: string | null
  url: string | null
  /** A validation.* key or a `medicalRecords` text key. */
  error: string | null
}

export type MedicalRecordUploadEvent = { type: "record.submit"; draft: RecordDraft } | { type: "record.dismiss" }

/** SPEC §5: PDF, PNG, JPG, JPEG, DOC or DOCX, at most 10 MB; the gateway checks the bytes too. */
export function fileProblem(file: File): string | null {
  if (!(RECORD_EXTENSIONS as ReadonlyArray<string>).includes(extensionOf(file.name))) return "validation.fileTypeNotAllowed"
  if (file.size > RECORD_MAX_BYTES) return "validation.fileTooLarge"
  if (file.size === 0) return "validation.fileEmpty"
  return null
}

const submitted = (event: MedicalRecordUploadEvent) => (event.type === "record.submit" ? event.draft : null)

/**
 * Adding a medical record (SPEC §2, §5): a type, a description and one file, uploaded with
 * progress (pause, resume, cancel) under the patient's own folder, then the record is created with
 * the file attached; the progress bar goes 1 s after it is done.
 */
export const medicalRecordUploadMachine = setup({
  types: {
    context: {} as MedicalRecordUploadContext,
    events: {} as MedicalRecordUploadEvent,
    input: {} as MedicalRecordUploadInput,
  },
  actors: {
    upload: uploadTaskMachine,
    getDownloadUrl: fromPromise<string, { path: string }>(async () => {
      throw new Error("getDownloadUrl not provided")
    }),
    createRecord: fromPromise<MedicalRecord, MedicalRecordInput>(async () => {
      throw new Error("createRecord not provided")
    }),
  },
  actions: {
    /** Refreshes the records list and says it is saved; provided by the app. */
    onCreated: (_, _params: { record: MedicalRecord }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    fileRefused: ({ event }) => {
      const draft = submitted(event)
      return !draft || fileProblem(draft.file) !== null
    },
    uploaded: (_, params: { output: UploadTaskOutput }) => params.output.status === "success",
    uploadCanceled: (_, params: { output: UploadTaskOutput }) => params.output.status === "canceled",
  },
  delays: { progressHideDelay: 1000 },
}).createMachine({
  id: "medicalRecordUpload",
  context: ({ input }) => ({ ...input, draft: null, path: null, url: null, error: null }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "record.submit": [
          { guard: "fileRefused", actions: assign({ error: ({ event }) => fileProblem(event.draft.file) }) },
          { target: "uploading", actions: assign({ draft: ({ event }) => event.draft, error: null }) },
        ],
      },
    },
    uploading: {
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context }) => ({
          file: context.draft!.file,
          path: medicalRecordPath(context.userId, context.draft!.file.name, Date.now().toString(36)),
          contentType: context.draft!.file.type || "application/octet-stream",
        }),
        onDone: [
          {
            guard: { type: "uploaded", params: ({ event }) => ({ output: event.output }) },
            target: "gettingUrl",
            actions: assign({ path: ({ event }) => (event.output.status === "success" ? event.output.fullPath : null) }),
          },
          { guard: { type: "uploadCanceled", params: ({ event }) => ({ output: event.output }) }, target: "editing" },
          {
            target: "failed",
            actions: [assign({ error: "medicalRecords.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.output }) }],
          },
        ],
        onError: {
          target: "failed",
          actions: [assign({ error: "medicalRecords.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    gettingUrl: {
      invoke: {
        id: "getDownloadUrl",
        src: "getDownloadUrl",
        input: ({ context }) => ({ path: context.path! }),
        onDone: { target: "creating", actions: assign({ url: ({ event }) => event.output }) },
        onError: {
          target: "failed",
          actions: [assign({ error: "medicalRecords.uploadFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    creating: {
      invoke: {
        id: "createRecord",
        src: "createRecord",
        input: ({ context }) => ({
          title: context.draft!.file.name,
          type: context.draft!.type,
          description: context.draft!.description.trim(),
          attachments: [{ id: context.path!, name: context.draft!.file.name, url: context.url! }],
        }),
        onDone: { target: "created", actions: { type: "onCreated", params: ({ event }) => ({ record: event.output }) } },
        onError: {
          target: "failed",
          actions: [assign({ error: "medicalRecords.saveFailed" }), { type: "logFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    created: {
      after: { progressHideDelay: { target: "editing", actions: assign({ draft: null, path: null, url: null }) } },
    },
    failed: {
      on: {
        "record.submit": [
          { guard: "fileRefused", actions: assign({ error: ({ event }) => fileProblem(event.draft.file) }) },
          { target: "uploading", actions: assign({ draft: ({ event }) => event.draft, error: null }) },
        ],
        "record.dismiss": { target: "editing", actions: assign({ error: null }) },
      },
    },
  },
})
