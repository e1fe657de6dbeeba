import { expect } from "vitest"
import type { AnyEventObject } from "xstate"
import type { FlowTestParams } from "./paths.ts"

/**
 * What SPEC says a flow shows, written apart from the machine it judges. The covering paths are
 * generated from the machine (they drive); the oracle says, event after event, what the user
 * should see and what should have been sent (it judges). A planted wrong transition therefore
 * makes the machine and its oracle disagree, where comparing the machine with itself never could.
 *
 * `View` holds only observable facts (which step, which slot is selected, which buttons, the
 * requests sent, what was kept or cleared), never the machine's state names or context as such.
 */
export interface SpecOracle<View, Sut> {
  /** What the user sees before doing anything. */
  readonly initial: View
  /** What the user should see after `event`, from SPEC alone. */
  after(view: View, event: AnyEventObject): View
  /** What the system under test shows, in the oracle's terms. */
  observe(sut: Sut): View
}

/**
 * The code a path's failure event carries (`xstate.error.actor.*`: SPEC §8 errors have one), or
 * `otherwise` when it carries none.
 */
export function failureCode(event: AnyEventObject, otherwise: string): string {
  const code: unknown = event.error?.code
  return typeof code === "string" ? code : otherwise
}

/**
 * The events a machine refuses where it stands (`snapshot.can` false), among `probes`. The
 * generated paths only take events the machine accepts, so a transition taken away from it is
 * taken away from the paths too; with refusals given, `judgedBy` also asks the oracle about each
 * refused probe in every state reached, and SPEC must agree that it changes nothing there.
 */
export interface Refusals<View = unknown> {
  readonly probes: ReadonlyArray<AnyEventObject>
  refused(event: AnyEventObject): boolean
  /**
   * What the user sees once the flow has ignored `event`: the view itself, unless something outside
   * the flow changes with the event whatever the flow does (the address bar on Back or Forward).
   */
  ignored?(view: View, event: AnyEventObject): View
}

/** The refusals of an actor: the probes its current snapshot cannot take. */
export function refusalsOf<View = unknown>(
  actor: { getSnapshot(): { can(event: never): boolean } },
  probes: ReadonlyArray<AnyEventObject>,
  ignored?: (view: View, event: AnyEventObject) => View,
): Refusals<View> {
  return { probes, refused: (event) => !actor.getSnapshot().can(event as never), ...(ignored ? { ignored } : {}) }
}

/**
 * Wraps a path's executors so that every state reached is judged by the oracle: after each event
 * is carried out, the view the oracle expects must equal the view observed on the system under
 * test. State checks already given still run (timers, effects that only some states have). With
 * `refusals`, each event the machine refuses there must be one the oracle says changes nothing
 * (the oracle's `after` must then be a pure function of its view).
 */
export function judgedBy<View, Sut, S>(oracle: SpecOracle<View, Sut>, sut: () => Sut, params: FlowTestParams<S>, refusals?: Refusals<View>): FlowTestParams<S> {
  let expected = oracle.initial
  const events = Object.entries(params.events ?? {}).map(([type, run]) => [
    type,
    async (step: { event: AnyEventObject; state: S }) => {
      await run(step)
      expected = oracle.after(expected, step.event)
    },
  ])
  return {
    states: {
      ...params.states,
      "*": async (state: S) => {
        await params.states?.["*"]?.(state)
        expect(oracle.observe(sut())).toEqual(expected)
        for (const probe of refusals?.probes ?? []) {
          if (!refusals!.refused(probe)) continue
          const unchanged = refusals!.ignored?.(expected, probe) ?? expected
          expect(oracle.after(expected, probe), `${probe.type} is refused here`).toEqual(unchanged)
        }
      },
    },
    events: Object.fromEntries(events),
  }
}
