/**
 * How long the page's blocking tasks lasted, and how much of that its main thread ran: the tasks
 * over 12.5 ms, which Lighthouse's simulation, four times slower, makes long. Its simulated TBT is
 * the wall time of the main thread's tasks, times four; the trace also records
 * each task's thread time (`tdur`), the CPU the thread had. On this 2-core VM most of a long
 * task's wall time has been the renderer waiting, not running: the part Lighthouse calls
 * "Unattributable" (no trace event covers it), which the bench prints beside TBT.
 */
interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly pid: number
  readonly tid: number
  readonly ts: number
  readonly dur?: number
  readonly tdur?: number
  readonly args?: { readonly name?: string }
}

export interface LongTaskTimes {
  readonly count: number
  readonly wallMs: number
  readonly cpuMs: number
}

// Lighthouse multiplies each task by its CPU slowdown (4): a task over 12.5 ms here blocks over 50 ms there.
const LONG_TASK_US = 50_000 / 4
const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"])

/** The long tasks of the busiest renderer main thread of a trace (the page's, not about:blank's). */
export function longTaskTimes(trace: { readonly traceEvents: ReadonlyArray<TraceEvent> }): LongTaskTimes {
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`
  const rendererMains = new Set(trace.traceEvents.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map(threadOf))
  const tasksByThread = new Map<string, TraceEvent[]>()
  for (const e of trace.traceEvents) {
    if (e.ph !== "X" || !TASK_NAMES.has(e.name) || !rendererMains.has(threadOf(e))) continue
    tasksByThread.set(threadOf(e), [...(tasksByThread.get(threadOf(e)) ?? []), e])
  }
  const busiest = [...tasksByThread.values()].sort((a, b) => b.length - a.length)[0] ?? []
  // Top-level tasks only: a Chrome that records both names nests one in the other.
  const topLevel: TraceEvent[] = []
  for (const task of [...busiest].sort((a, b) => a.ts - b.ts)) {
    const last = topLevel.at(-1)
    if (!last || task.ts >= last.ts + (last.dur ?? 0)) topLevel.push(task)
  }
  const long = topLevel.filter((task) => (task.dur ?? 0) > LONG_TASK_US)
  const sum = (pick: (task: TraceEvent) => number) => Math.round(long.reduce((total, task) => total + pick(task), 0) / 1000)
  return { count: long.length, wallMs: sum((task) => task.dur ?? 0), cpuMs: sum((task) => task.tdur ?? 0) }
}
