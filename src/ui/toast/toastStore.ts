export type ToastKind = "success" | "error" | "warning" | "info"

export interface Toast {
  readonly id: number
  readonly kind: ToastKind
  readonly message: string
  readonly durationMs: number
}

/** SPEC §9: 3 s in schedule, profile and password areas; 8 s for booking and emergency contacts; 5 s otherwise. */
export const TOAST_DURATION = { short: 3000, normal: 5000, long: 8000 } as const

type Listener = () => void

let toasts: ReadonlyArray<Toast> = []
let nextId = 1
const listeners = new Set<Listener>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function emit() {
  for (const listener of listeners) listener()
}

/** A tiny external store: toasts are fire-and-forget notices, not a flow with states of its own. */
export const toastStore = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot: (): ReadonlyArray<Toast> => toasts,
  show(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION.normal): number {
    const toast = { id: nextId++, kind, message, durationMs }
    toasts = [...toasts, toast]
    timers.set(
      toast.id,
      setTimeout(() => toastStore.dismiss(toast.id), durationMs),
    )
    emit()
    return toast.id
  },
  dismiss(id: number): void {
    clearTimeout(timers.get(id))
    timers.delete(id)
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  },
}

export const toast = {
  success: (message: string, durationMs?: number) => toastStore.show("success", message, durationMs),
  error: (message: string, durationMs?: number) => toastStore.show("error", message, durationMs),
  warning: (message: string, durationMs?: number) => toastStore.show("warning", message, durationMs),
  info: (message: string, durationMs?: number) => toastStore.show("info", message, durationMs),
}
