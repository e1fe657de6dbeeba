import { expect } from "vitest"
import type { AnyEventObject } from "xstate"
import type { FlowTestParams } from "./paths.ts"
import type { Refusals } from "./specOracle.ts"

/**
 * A SPEC oracle that must remember more than the user sees to say what comes next (a sort asked
 * for while the position is still coming, the keyword the address holds, the file chosen): its
 * `State` carries that memory and `view` says which part of it is on screen. Only the view is
 * compared with the system under test, so the memory never has to match the machine's context.
 * Otherwise the same split as `SpecOracle`: the covering paths drive, the model judges.
 */
export interface SpecModel<State, View, Sut> {
  readonly initial: State
  /** What follows `event`, from SPEC alone. */
  after(state: State, event: AnyEventObject): State
  /** The observable part of a state. */
  view(state: State): View
  /** What the system under test shows, in the same terms. */
  observe(sut: Sut): View
}

/**
 * `judgedBy` for a `SpecModel`: after every event, the observed view must equal the model's; with
 * `refusals`, each probe the machine refuses there must leave the model's view as it is.
 */
export function judgedByModel<State, View, Sut, S>(
  model: SpecModel<State, View, Sut>,
  sut: () => Sut,
  params: FlowTestParams<S>,
  refusals?: Refusals,
): FlowTestParams<S> {
  let expected = model.initial
  const events = Object.entries(params.events ?? {}).map(([type, run]) => [
    type,
    async (step: { event: AnyEventObject; state: S }) => {
      await run(step)
      expected = model.after(expected, step.event)
    },
  ])
  return {
    states: {
      ...params.states,
      "*": async (state: S) => {
        await params.states?.["*"]?.(state)
        expect(model.observe(sut())).toEqual(model.view(expected))
        for (const probe of refusals?.probes ?? []) {
          if (refusals!.refused(probe)) expect(model.view(model.after(expected, probe)), `${probe.type} is refused here`).toEqual(model.view(expected))
        }
      },
    },
    events: Object.fromEntries(events),
  }
}
