import { initialTransition, transition, type AnyEventObject, type EventObject, type Snapshot } from "xstate"
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from "xstate"
import { TestModel, type StatePath, type TestModelOptions, type TestParam } from "xstate/graph"

const short = (type: string) =>
  type
    .replace(/^xstate\.done\.actor\./, "✓")
    .replace(/^xstate\.error\.actor\./, "✗")
    .replace(/^xstate\.after\./, "⏱")

/**
 * What a path run checks and does: assertions per state key (`"*"` for every state) and an
 * executor per event type, including `xstate.done.actor.*` / `xstate.error.actor.*` / `xstate.after.*`.
 */
export interface FlowTestParams<S> {
  states?: Record<string, (state: S) => void | Promise<void>>
  events?: Record<string, (step: { event: AnyEventObject; state: S }) => unknown>
}

/** The first scalar in an event's payload, to tell apart events of one type in a path name. */
function payloadHint(event: EventObject): string {
  const seen = JSON.stringify(event, (key, value) => (key === "type" ? undefined : value))
  const match = /"([A-Z][A-Z_]+|[^"]{1,24})"|(-?\d+(\.\d+)?|true|false)/.exec(seen === "{}" ? "" : seen.replace(/"[a-zA-Z]+":/g, ""))
  return match ? `(${match[1] ?? match[2]})` : ""
}

/** A readable name for a path: its events in order, e.g. `✓validateSession → session.logout`. */
export function pathName(path: StatePath<Snapshot<unknown>, EventObject>): string {
  const events = path.steps.filter((s) => s.event.type !== "xstate.init").map((s) => short(s.event.type) + payloadHint(s.event))
  return events.length === 0 ? "(initial state)" : events.join(" → ")
}

/**
 * Paths that together take every edge of the model's graph: for each state, the shortest path to
 * it followed by each event it accepts. Shortest or simple paths alone miss edges that lead back
 * to a state already seen (a Close that returns to the initial state, for example).
 */
function coveringPaths<S extends Snapshot<unknown>, E extends EventObject>(model: TestModel<S, E, unknown>): Array<{ name: string; path: StatePath<S, E> }> {
  const serialize = (state: S) => model.options.serializeState!(state, undefined)
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true })
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]))
  const candidates: StatePath<S, E>[] = [...shortest]
  for (const [key, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const prefix = toState.get(key)
    if (!prefix) continue
    for (const { event, state } of Object.values<{ event: E; state: S }>(transitions)) {
      candidates.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 })
    }
  }
  // A path that is the start of another is tested by that one (every step's state is checked).
  const signatures = candidates.map((path) => JSON.stringify(path.steps.map((step) => step.event)).slice(0, -1))
  const byName = new Map<string, StatePath<S, E>>()
  const seen = new Set<string>()
  for (const [i, path] of candidates.entries()) {
    const signature = signatures[i]!
    if (seen.has(signature)) continue
    if (signatures.some((other) => other.length > signature.length && other.startsWith(`${signature},`))) continue
    seen.add(signature)
    const name = pathName(path)
    let unique = name
    for (let n = 2; byName.has(unique); n++) unique = `${name} #${n}`
    byName.set(unique, path)
  }
  return [...byName].map(([name, path]) => ({ name, path }))
}

/** The covering paths of a model, each run against a system under test by `test(params)`. */
export function modelPaths<S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
): Array<{ name: string; test: (params: FlowTestParams<S>) => Promise<unknown> }> {
  let paths: ReturnType<typeof coveringPaths<S, E>>
  try {
    paths = coveringPaths(model)
  } catch (error) {
    // A machine that throws while its graph is walked must fail a test, not leave a file with
    // none (a mutation run would count that mutant as survived).
    return [{ name: "the covering paths can be generated", test: () => Promise.reject(error instanceof Error ? error : new Error(String(error))) }]
  }
  return paths.map(({ name, path }) => ({ name, test: (params) => model.testPath(path, params as TestParam<S, E>) }))
}

/** One step of a path: the event sent, then the state it leads to. */
export interface PathStep<S, E> {
  readonly event: E
  readonly state: S
}

/**
 * The same covering paths as plain step lists, for a runner that walks them itself (a browser
 * test that looks at the next step to decide how the gateway should answer the current one). The
 * first step is the model's `xstate.init` into the initial state.
 *
 * The steps are replayed on the machine, so each state is the one its path really leads to: the
 * model keeps one state per serialised key, which may differ from the path's in what the key
 * leaves out. An event the model derives from the state (`events` given as a function) is derived
 * again from the state it is sent in, when the model offers one event of its type there. A step
 * whose real state does not serialise to the model's key throws: the serialisation left out a fact
 * that decides that step.
 */
export function modelStepPaths<S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
): Array<{ name: string; steps: ReadonlyArray<PathStep<S, E>> }> {
  const logic = model.testLogic as unknown as AnyStateMachine
  const { events, input } = model.options as { events?: ReadonlyArray<E> | ((state: S) => ReadonlyArray<E>); input?: unknown }
  const serialize = (state: S) => model.options.serializeState!(state, undefined)
  const offered = (state: S) => (typeof events === "function" ? events(state) : (events ?? []))
  return coveringPaths(model).map(({ name, path }) => {
    let [state] = initialTransition(logic, input) as unknown as [S]
    const steps: PathStep<S, E>[] = [{ event: path.steps[0]!.event, state }]
    for (const step of path.steps.slice(1)) {
      const sameType = offered(state).filter((e) => e.type === step.event.type)
      const event = sameType.length === 1 ? sameType[0]! : step.event
      ;[state] = transition(logic, state as never, event as never) as unknown as [S]
      if (serialize(state) !== serialize(step.state)) {
        throw new Error(`${name}: ${event.type} leads to ${serialize(state)} where the model has ${serialize(step.state)}`)
      }
      steps.push({ event, state })
    }
    return { name, steps }
  })
}

/**
 * The test model of a machine, exploring only events the machine accepts in each state.
 * `createTestModel` refuses machines that invoke actors or use delays; our flows do both, so we
 * build the `TestModel` it would build, and tests drive `xstate.done.actor.*`, `xstate.error.actor.*`
 * and `xstate.after.*` events through controllable actors and clocks instead.
 */
export function createFlowModel<M extends AnyStateMachine>(machine: M, options: Partial<TestModelOptions<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>>>) {
  return new TestModel<SnapshotFrom<M>, EventFromLogic<M>, unknown>(machine as never, {
    filterEvents: (state: SnapshotFrom<M>, event: EventFromLogic<M>) => (state as { can(e: unknown): boolean }).can(event),
    ...options,
  })
}
