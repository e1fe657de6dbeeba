import type { Actor, AnyEventObject } from "xstate"
import type { UploadTaskOutput, uploadTaskMachine } from "./uploadTask.machine.ts"
import type { SpecModel } from "./testing/specModel.ts"

type Status = "running" | "pausing" | "paused" | "canceling" | "success" | "canceled" | "error"

/** What the user sees of one upload (UploadProgress), what the storage SDK was told, and the result. */
export interface UploadTaskView {
  /** The status shown, in SPEC §4's own words. */
  readonly status: Status
  readonly percent: number
  readonly canPause: boolean
  readonly canResume: boolean
  readonly canCancel: boolean
  /** What the SDK reports the upload still reacts to (the rest is ignored). */
  readonly listens: ReadonlyArray<string>
  /** The commands sent to the SDK's task, in order. */
  readonly commands: ReadonlyArray<string>
  /** The result handed to the flow that started the upload, once it is over. */
  readonly outcome: UploadTaskOutput | null
}

interface UploadTaskState {
  readonly status: Status
  readonly transferred: number
  readonly total: number
  readonly commands: ReadonlyArray<string>
  readonly outcome: UploadTaskOutput | null
}

export interface UploadTaskSut {
  readonly actor: Actor<typeof uploadTaskMachine>
  readonly commands: ReadonlyArray<string>
}

const FINAL: ReadonlyArray<Status> = ["success", "canceled", "error"]

/**
 * What the SDK may still report in each status: progress and failures until the upload is over;
 * the pause it was asked for (or one of its own) while running; the end of the file while running,
 * and also while pausing or canceling, since the chunk in flight may finish it first; a cancel it
 * was asked for, or one of its own while running.
 */
const LISTENS: Record<Status, ReadonlyArray<string>> = {
  running: ["task.progress", "task.paused", "task.success", "task.error", "task.canceled"],
  pausing: ["task.progress", "task.paused", "task.success", "task.error"],
  paused: ["task.progress", "task.error"],
  canceling: ["task.progress", "task.canceled", "task.success", "task.error"],
  success: [],
  canceled: [],
  error: [],
}

/**
 * SPEC §4 "Upload task: running, paused, success, canceled, error, plus transient pausing and
 * canceling. Pause only from running. Resume only from paused or pausing. Cancel from running or
 * pausing." Pause, resume and cancel are passed on to the SDK's task; the bar shows the share
 * transferred, full once the file is stored; the flow gets where the file went, or why not.
 */
export function uploadTaskModel(input: { readonly path: string; readonly size: number }): SpecModel<UploadTaskState, UploadTaskView, UploadTaskSut> {
  const finish = (state: UploadTaskState, status: Status, outcome: UploadTaskOutput): UploadTaskState =>
    FINAL.includes(state.status) ? state : { ...state, status, outcome }
  return {
    initial: { status: "running", transferred: 0, total: input.size, commands: [], outcome: null },
    after(state, event: AnyEventObject) {
      const { status } = state
      const command = (next: Status, sent: string) => ({ ...state, status: next, commands: [...state.commands, sent] })
      switch (event.type) {
        case "upload.pause":
          return status === "running" ? command("pausing", "pause") : state
        case "upload.resume":
          return status === "paused" || status === "pausing" ? command("running", "resume") : state
        case "upload.cancel":
          return status === "running" || status === "pausing" ? command("canceling", "cancel") : state
      }
      if (!LISTENS[status].includes(event.type) && event.type !== "xstate.error.actor.task") return state
      switch (event.type) {
        case "task.progress":
          return { ...state, transferred: event.transferred as number, total: event.total as number }
        case "task.paused":
          return { ...state, status: "paused" }
        case "task.success":
          return { ...finish(state, "success", { status: "success", fullPath: event.fullPath as string }), transferred: state.total }
        case "task.canceled":
          return finish(state, "canceled", { status: "canceled" })
        case "task.error":
          return finish(state, "error", { status: "error", code: event.code as string, message: event.message as string })
        case "xstate.error.actor.task": {
          // The SDK's task itself failed (it could not start): an error with what it said.
          const error = event.error as { code?: string; message?: string }
          return finish(state, "error", { status: "error", code: error.code ?? "storage/unknown", message: error.message ?? "" })
        }
        default:
          return state
      }
    },
    view: ({ status, transferred, total, commands, outcome }) => ({
      status,
      percent: total > 0 ? Math.floor((transferred / total) * 100) : 0,
      canPause: status === "running",
      canResume: status === "paused" || status === "pausing",
      canCancel: status === "running" || status === "pausing",
      listens: [...LISTENS[status]].sort(),
      commands,
      outcome,
    }),
    observe: ({ actor, commands }) => {
      const s = actor.getSnapshot()
      const done = s.status === "done"
      return {
        status: String(s.value) as Status,
        percent: s.context.total > 0 ? Math.floor((s.context.transferred / s.context.total) * 100) : 0,
        // A finished upload hears nothing: its buttons are gone.
        canPause: !done && s.can({ type: "upload.pause" }),
        canResume: !done && s.can({ type: "upload.resume" }),
        canCancel: !done && s.can({ type: "upload.cancel" }),
        listens: done
          ? []
          : LISTENS_PROBE.filter((e) => s.can(e as never))
              .map((e) => e.type)
              .sort(),
        commands,
        outcome: done ? s.output : null,
      }
    },
  }
}

/** One event of each kind the SDK reports, to ask the machine which it reacts to. */
const LISTENS_PROBE = [
  { type: "task.progress", transferred: 1, total: 2 },
  { type: "task.paused" },
  { type: "task.success", fullPath: "x" },
  { type: "task.error", code: "storage/unknown", message: "x" },
  { type: "task.canceled" },
] as const
