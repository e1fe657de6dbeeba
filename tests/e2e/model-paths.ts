import { readFileSync } from "node:fs"
import { expect, test, type Page, type Request, type Route } from "@playwright/test"
import type { AnyEventObject, AnyMachineSnapshot } from "xstate"
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
