import { readFileSync } from "node:fs"
import { expect, test, type Page, type Request, type Route } from "@playwright/test"
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from "xstate"
import type { PathStep } from "../../machines/testing/paths.ts"
import type { ErrorCode } from "../../schemas/errors.ts"
import { statusOf } from "../../server/http/errors.ts"
import { signIn } from "./support.ts"

export type Step = PathStep<AnyMachineSnapshot, AnyEventObject>

/** French texts, to assert what the screen says in the user's words (validation keys, mostly). */
export const FR = JSON.parse(readFileSync(new URL("../../locales/fr.json", import.meta.url), "utf8")) as Record<string, Record<string, unknown>>

/** The French text of an i18n key such as `validation.reasonRequired`. */
export function french(key: string): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], FR)
  if (typeof text !== "string") throw new Error(`No French text for ${key}`)
  return text
}

/** How the gateway answers the call an event starts, as the path's next step says. */
export type GatewayAnswer = { kind: "real" } | { kind: "error"; code: ErrorCode; message: string } | { kind: "none" }

/**
 * The answer the model expects for the call an actor makes, read from the path's next step: its
 * `xstate.done.actor.<id>` goes to the real gateway, its `xstate.error.actor.<id>` is answered
 * with that error, and a path that ends while the call runs never gets an answer.
 */
export function answerFor(next: Step | undefined, actorId: string): GatewayAnswer {
  const type = next?.event.type
  if (type === `xstate.done.actor.${actorId}`) return { kind: "real" }
  if (type === `xstate.error.actor.${actorId}`) {
    const error = (next!.event as unknown as { error: { code: ErrorCode; message: string } }).error
    return { kind: "error", code: error.code, message: error.message }
  }
  return { kind: "none" }
}

export interface GatewayCall {
  readonly status: number
  readonly body: unknown
}

interface Pending {
  readonly answer: GatewayAnswer
  readonly route: Promise<Route>
  arrived(route: Route): void
}

/**
 * The gateway calls of one kind the page makes, each held until the path's step that ends it: the
 * state that waits for the call is checked while it waits, as on a slow network. `expect(answer)`
 * before the click that makes the call; `request()` while it waits; `answer()` at the step of its
 * outcome. Calls not expected go to the real gateway. Errors are answered as the gateway answers
 * them: `{ code, message }` with the status it uses for that code (server/http/errors.ts).
 */
export class GatewayScript {
  private readonly expected: Pending[] = []
  private current: Pending | null = null
  private readonly unanswered: Route[] = []

  constructor(
    private readonly page: Page,
    private readonly url: string,
    private readonly method: string,
  ) {}

  async install() {
    await this.page.route(this.url, (route) => {
      const pending = route.request().method() === this.method ? this.expected.shift() : undefined
      if (!pending) return route.fallback()
      this.unanswered.push(route)
      pending.arrived(route)
    })
  }

  /** The next call is to be answered so (by `answer()`). */
  expect(answer: GatewayAnswer) {
    let arrived: (route: Route) => void = () => {}
    const route = new Promise<Route>((resolve) => (arrived = resolve))
    this.current = { answer, route, arrived }
    this.expected.push(this.current)
  }

  /** The call being held. */
  async request(): Promise<Request> {
    return (await this.held().route).request()
  }

  /** Answers the held call as expected, and gives what the page received. */
  async answer(): Promise<GatewayCall> {
    const { answer, route: arriving } = this.held()
    const route = await arriving
    this.unanswered.splice(this.unanswered.indexOf(route), 1)
    if (answer.kind === "error") {
      const body = { code: answer.code, message: answer.message }
      await route.fulfill({ status: statusOf(answer.code), json: body })
      return { status: statusOf(answer.code), body }
    }
    if (answer.kind === "none") throw new Error(`The path ends before the ${this.method} call is answered`)
    const response = await route.fetch()
    await route.fulfill({ response })
    return { status: response.status(), body: await response.json().catch(() => null) }
  }

  /** Ends calls still held when the path ends, so the page closes cleanly. */
  async release() {
    for (const route of this.unanswered.splice(0)) await route.abort().catch(() => {})
  }

  private held(): Pending {
    if (!this.current) throw new Error(`No ${this.method} call was expected`)
    return this.current
  }
}

/** What the screen must do for each event of the model and show for each of its states. */
export interface PathRunner {
  /** Per event type, including `xstate.init` (opening the screen): what the user does, or waits for. */
  events: Record<string, (step: Step, next: Step | undefined) => Promise<unknown>>
  /**
   * Per state (`"details"`, `"view.week"`; `"*"` for every state): what the screen shows. Every
   * state of a path must be checked by at least one entry besides `"*"`.
   */
  states: Record<string, (state: AnyMachineSnapshot) => Promise<unknown>>
}

const stateValueOf = (key: string): unknown => key.split(".").reduceRight<unknown>((inner, part) => (inner === null ? part : { [part]: inner }), null)

/** A readable label of one step, for the report. */
function stepLabel(step: Step): string {
  const { type, ...payload } = step.event
  const detail = Object.keys(payload).length > 0 ? ` ${JSON.stringify(payload).slice(0, 80)}` : ""
  return `${type}${detail} → ${JSON.stringify(step.state.value)}`
}

/** Walks a path on the real screen: each event as a user action, then each state's checks. */
export async function walkPath(steps: ReadonlyArray<Step>, runner: PathRunner) {
  for (const [i, step] of steps.entries()) {
    await test.step(stepLabel(step), async () => {
      const act = runner.events[step.event.type]
      if (!act) throw new Error(`No user action is mapped to ${step.event.type}`)
      await act(step, steps[i + 1])
      const checks = Object.entries(runner.states).filter(([key]) => key !== "*" && step.state.matches(stateValueOf(key) as never))
      expect(checks.length, `a check of what the screen shows in ${JSON.stringify(step.state.value)}`).toBeGreaterThan(0)
      await runner.states["*"]?.(step.state)
      for (const [, check] of checks) await check(step.state)
    })
  }
}

/** Session tokens of this worker's sign-ins, by e-mail. */
const sessions = new Map<string, string>()

/**
 * Signs in as the demo account: through the login site the first time in this worker, then with
 * the same session (it lives in the tab's session storage), which saves a login per path.
 */
export async function signInOnce(page: Page, email: string, returnTo: string) {
  const token = sessions.get(email)
  if (token) {
    await page.addInitScript((value) => sessionStorage.setItem("promed.sessionToken", value), token)
    await page.goto(returnTo)
    await expect(page.getByTestId("user-menu")).toBeVisible()
    return
  }
  await signIn(page, email, returnTo)
  const stored = await page.evaluate(() => sessionStorage.getItem("promed.sessionToken"))
  if (stored) sessions.set(email, stored)
}

/** A model as the browser walks read it: its graph and how it names a state. */
interface WalkedModel {
  getAdjacencyMap(): object
  readonly options: object
  readonly testLogic: unknown
}
type Graph = Record<string, { transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }>
const graphOf = (model: WalkedModel) => model.getAdjacencyMap() as Graph
const serializerOf = (model: WalkedModel) => {
  const { serializeState } = model.options as { serializeState: (state: unknown, event: undefined) => string }
  return (state: unknown) => serializeState(state, undefined)
}

/**
 * The model's transitions a path takes, each named `<state key> <serialised event>` as in the
 * model's graph. A step's event may have been derived again from the real state (modelStepPaths):
 * it is matched to the graph's transition of its type that leads to the same state key, and by its
 * whole value where several do.
 */
function transitionsOf(model: WalkedModel, steps: ReadonlyArray<Step>): string[] {
  const graph = graphOf(model)
  const serialize = serializerOf(model)
  const taken: string[] = []
  for (const [i, step] of steps.entries()) {
    if (i === 0) continue
    const from = serialize(steps[i - 1]!.state)
    const to = serialize(step.state)
    const candidates = Object.entries(graph[from]?.transitions ?? {}).filter(([, t]) => t.event.type === step.event.type && serialize(t.state) === to)
    const match = candidates.length === 1 ? candidates[0] : candidates.find(([, t]) => JSON.stringify(t.event) === JSON.stringify(step.event))
    if (!match) throw new Error(`${step.event.type} from ${from} to ${to} is no transition of the model`)
    taken.push(`${from} ${match[0]}`)
  }
  return taken
}

/** Every transition of the model's graph (what the covering paths take, together). */
export function modelTransitions(model: WalkedModel): Set<string> {
  return new Set(Object.entries(graphOf(model)).flatMap(([from, { transitions }]) => Object.keys(transitions).map((event) => `${from} ${event}`)))
}

/** The transitions some path of `paths` takes. */
export function transitionsWalked(model: WalkedModel, paths: ReadonlyArray<{ steps: ReadonlyArray<Step> }>): Set<string> {
  return new Set(paths.flatMap((path) => transitionsOf(model, path.steps)))
}

/**
 * Issue 39: the unit model tests walk every covering path with the same oracles, so the browser
 * walks each transition once. Of `paths`, a few that together take every transition any of them
 * takes: greedily the path taking the most transitions not yet walked (the shorter on a tie), in
 * the order the paths came. Each browser test costs a page, a sign-in and a screen opened, so
 * fewer and longer paths are the cheaper walk of the same transitions.
 */
export function oneWalkPerTransition<P extends { steps: ReadonlyArray<Step> }>(model: WalkedModel, paths: ReadonlyArray<P>): P[] {
  const taken = paths.map((path) => new Set(transitionsOf(model, path.steps)))
  const left = new Set(taken.flatMap((set) => [...set]))
  const chosen: number[] = []
  while (left.size > 0) {
    let best = -1
    let bestGain = 0
    for (const [i, set] of taken.entries()) {
      const gain = [...set].filter((t) => left.has(t)).length
      if (gain > bestGain || (gain === bestGain && gain > 0 && paths[i]!.steps.length < paths[best]!.steps.length)) {
        best = i
        bestGain = gain
      }
    }
    chosen.push(best)
    for (const t of taken[best]!) left.delete(t)
  }
  return chosen.sort((a, b) => a - b).map((i) => paths[i]!)
}

/**
 * Walks of the model's graph that together take every transition, each at most `maxSteps` long:
 * from the initial state, a transition not yet walked where the state has one, else the shortest
 * way to the nearest state that has. Each step is replayed on the machine as modelStepPaths does
 * (an event derived from the state again from the real one), so a walk's states are those the
 * machine really reaches; a step whose real state is not the model's ends the walk there.
 * `allowed` says what the screen can do after the steps so far (a spec's own limits, such as one
 * availability made per walk). Transitions no walk reaches are taken by the covering paths
 * `fallback` that take them (oneWalkPerTransition).
 */
export function coveringWalks<P extends { name: string; steps: ReadonlyArray<Step> }>(
  model: WalkedModel,
  fallback: ReadonlyArray<P>,
  options: { maxSteps: number; allowed?: (steps: ReadonlyArray<Step>, event: AnyEventObject) => boolean },
): Array<{ name: string; steps: ReadonlyArray<Step> }> {
  const graph = graphOf(model)
  const serialize = serializerOf(model)
  const allowed = options.allowed ?? (() => true)
  const logic = model.testLogic as AnyStateMachine
  const { events, input } = model.options as {
    events?: ReadonlyArray<AnyEventObject> | ((state: AnyMachineSnapshot) => ReadonlyArray<AnyEventObject>)
    input?: unknown
  }
  const offered = (state: AnyMachineSnapshot) => (typeof events === "function" ? events(state) : (events ?? []))
  const left = new Set(fallback.flatMap((path) => transitionsOf(model, path.steps)))
  const unreachable = new Set<string>()
  const open = (key: string, steps: ReadonlyArray<Step>) =>
    Object.entries(graph[key]?.transitions ?? {}).filter(([event, t]) => left.has(`${key} ${event}`) && allowed(steps, t.event))
  /** The first transition of the shortest way from `from` to a state with a transition left. */
  function towardsOpen(from: string, steps: ReadonlyArray<Step>): string | undefined {
    const firstStep = new Map<string, string | undefined>([[from, undefined]])
    const queue = [from]
    while (queue.length > 0) {
      const key = queue.shift()!
      if (key !== from && open(key, steps).length > 0) return firstStep.get(key)
      for (const [event, t] of Object.entries(graph[key]?.transitions ?? {})) {
        const to = serialize(t.state)
        if (firstStep.has(to) || !allowed(steps, t.event)) continue
        firstStep.set(to, firstStep.get(key) ?? event)
        queue.push(to)
      }
    }
    return undefined
  }
  const walks: Array<{ name: string; steps: ReadonlyArray<Step> }> = []
  while (left.size > 0) {
    const [initial] = initialTransition(logic, input) as unknown as [AnyMachineSnapshot]
    const steps: Step[] = [{ event: { type: "xstate.init" }, state: initial }]
    let walked = 0
    while (steps.length - 1 < options.maxSteps) {
      const key = serialize(steps.at(-1)!.state)
      const next = open(key, steps)[0]?.[0] ?? towardsOpen(key, steps)
      if (next === undefined) break
      const wanted = graph[key]!.transitions[next]!
      const real = steps.at(-1)!.state
      const sameType = offered(real).filter((e) => e.type === wanted.event.type)
      const event = sameType.length === 1 ? sameType[0]! : wanted.event
      const [state] = transition(logic, real, event) as unknown as [AnyMachineSnapshot]
      if (serialize(state) !== serialize(wanted.state)) {
        // The model's transition is not what the machine does from this real state: walked by a covering path instead.
        if (left.delete(`${key} ${next}`)) unreachable.add(`${key} ${next}`)
        break
      }
      steps.push({ event, state })
      if (left.delete(`${key} ${next}`)) walked++
    }
    if (walked === 0) break
    walks.push({
      name: `walk ${walks.length + 1}: ${steps
        .slice(1)
        .map((step) => step.event.type.replace(/^(schedule|booking)\./, ""))
        .join(" → ")}`,
      steps,
    })
  }
  for (const t of left) unreachable.add(t)
  const rest = fallback.filter((path) => transitionsOf(model, path.steps).some((t) => unreachable.has(t)))
  return [...walks, ...oneWalkPerTransition(model, rest)]
}
