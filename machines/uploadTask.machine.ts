import { assign, fromCallback, sendTo, setup } from "xstate"
import { storageFailureOf } from "./shared/rejections.ts"

export interface UploadTaskInput {
  readonly file: Blob
  /** Where the file goes in the bucket, e.g. profile-photos/user_{id}.jpg. */
  readonly path: string
  readonly contentType: string
}

/** What the upload actor (the SDK's resumable task) is told to do. */
export type UploadCommand = { type: "pause" } | { type: "resume" } | { type: "cancel" }

export type UploadTaskEvent =
  | { type: "upload.pause" }
  | { type: "upload.resume" }
  | { type: "upload.cancel" }
  | { type: "task.progress"; transferred: number; total: number }
  | { type: "task.paused" }
  | { type: "task.success"; fullPath: string }
  | { type: "task.error"; code: string; message: string }
  | { type: "task.canceled" }

export type UploadTaskOutput =
  | { readonly status: "success"; readonly fullPath: string }
  | { readonly status: "canceled" }
  | { readonly status: "error"; readonly code: string; readonly message: string }

export interface UploadTaskContext {
  readonly input: UploadTaskInput
  transferred: number
  total: number
  outcome: UploadTaskOutput | null
}

const errorOf = (rejection: unknown): UploadTaskOutput => ({ status: "error", ...storageFailureOf(rejection) })

/**
 * One upload (SPEC §4 "Upload task"): running, paused, success, canceled, error, plus the
 * transient pausing and canceling. Pause only from running; resume only from paused or pausing;
 * cancel from running or pausing. The SDK's task is the `sdkTask` callback actor, so a fake one
 * drives this machine in tests.
 */
export const uploadTaskMachine = setup({
  types: {
    context: {} as UploadTaskContext,
    events: {} as UploadTaskEvent,
    input: {} as UploadTaskInput,
    output: {} as UploadTaskOutput,
  },
  actors: {
    sdkTask: fromCallback<UploadCommand, UploadTaskInput>(() => {
      throw new Error("sdkTask not provided")
    }),
  },
  actions: {
    pauseTask: sendTo("task", { type: "pause" } satisfies UploadCommand),
    resumeTask: sendTo("task", { type: "resume" } satisfies UploadCommand),
    cancelTask: sendTo("task", { type: "cancel" } satisfies UploadCommand),
  },
}).createMachine({
  id: "uploadTask",
  context: ({ input }) => ({ input, transferred: 0, total: input.file.size, outcome: null }),
  invoke: {
    id: "task",
    src: "sdkTask",
    input: ({ context }) => context.input,
    // A callback actor has no result: the task says success itself; a throw is an error.
    onError: { target: ".error", actions: assign({ outcome: ({ event }) => errorOf(event.error) }) },
  },
  on: {
    "task.progress": { actions: assign({ transferred: ({ event }) => event.transferred, total: ({ event }) => event.total }) },
  },
  initial: "running",
  states: {
    running: {
      on: {
        "upload.pause": { target: "pausing", actions: "pauseTask" },
        "upload.cancel": { target: "canceling", actions: "cancelTask" },
        "task.paused": "paused",
        "task.success": "success",
        "task.error": "error",
        "task.canceled": "canceled",
      },
    },
    pausing: {
      on: {
        "task.paused": "paused",
        "upload.resume": { target: "running", actions: "resumeTask" },
        "upload.cancel": { target: "canceling", actions: "cancelTask" },
        // The chunk in flight may finish the file before the pause takes hold.
        "task.success": "success",
        "task.error": "error",
      },
    },
    paused: {
      on: {
        "upload.resume": { target: "running", actions: "resumeTask" },
        "task.error": "error",
      },
    },
    canceling: {
      on: {
        "task.canceled": "canceled",
        "task.success": "success",
        "task.error": "error",
      },
    },
    success: {
      type: "final",
      entry: assign({
        outcome: ({ event, context }) => ({ status: "success" as const, fullPath: event.type === "task.success" ? event.fullPath : context.input.path }),
        transferred: ({ context }) => context.total,
      }),
    },
    canceled: { type: "final", entry: assign({ outcome: { status: "canceled" } }) },
    error: {
      type: "final",
      entry: assign({
        outcome: ({ event, context }) =>
          event.type === "task.error" ? { status: "error" as const, code: event.code, message: event.message } : (context.outcome ?? errorOf(undefined)),
      }),
    },
  },
  output: ({ context }) => context.outcome ?? errorOf(undefined),
})
