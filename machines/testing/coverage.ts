import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from "xstate"

/** Where each machine test leaves its coverage for `npm run test:models` to print. */
export const COVERAGE_DIR = path.resolve(".tmp", "model-coverage")

export interface MachineCoverage {
  readonly machine: string
  readonly states: { readonly covered: ReadonlyArray<string>; readonly total: ReadonlyArray<string> }
  readonly transitions: { readonly covered: ReadonlyArray<string>; readonly total: ReadonlyArray<string> }
  readonly paths: number
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)]
}

/** A stable name for a transition: its source, its event and its place among that event's candidates. */
function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  const list = t.eventType === "" ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? [])
  const label = t.eventType === "" ? "(always)" : t.eventType
  return `${source.id} --${label}[${list.indexOf(t)}]`
}

/** Every state node (root excluded) and every transition a machine defines. */
export function machineTotals(machine: AnyStateMachine) {
  const nodes = allNodes(machine.root)
  const states = nodes.filter((n) => n !== machine.root).map((n) => n.id)
  const transitions = nodes.flatMap((n) => [...[...n.transitions.values()].flat().map(transitionKey), ...(n.always ?? []).map(transitionKey)])
  return { states, transitions }
}

/**
 * Records which states were entered and which transitions were taken by real actors of a machine,
 * through XState's inspection API, so coverage reflects what actually ran.
 */
export function trackCoverage(name: string, machine: AnyStateMachine) {
  const totals = machineTotals(machine)
  const states = new Set<string>()
  const transitions = new Set<string>()
  let paths = 0

  const inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep") {
      for (const t of event._transitions) {
        transitions.add(transitionKey(t))
        // A transient state (left by an eventless transition) shows in no snapshot: its exit proves it ran.
        for (let node: AnyStateNode | undefined = t.source as AnyStateNode; node?.parent; node = node.parent) states.add(node.id)
      }
    }
    if (event.type === "@xstate.snapshot" || event.type === "@xstate.microstep") {
      const nodes = (event.snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []
      for (const node of nodes) if (node.parent) states.add(node.id)
    }
  }

  return {
    inspect,
    pathRan: () => {
      paths += 1
    },
    result(): MachineCoverage {
      return {
        machine: name,
        states: { covered: totals.states.filter((s) => states.has(s)), total: totals.states },
        transitions: { covered: totals.transitions.filter((t) => transitions.has(t)), total: totals.transitions },
        paths,
      }
    },
    missing() {
      return {
        states: totals.states.filter((s) => !states.has(s)),
        transitions: totals.transitions.filter((t) => !transitions.has(t)),
      }
    },
    save() {
      mkdirSync(COVERAGE_DIR, { recursive: true })
      writeFileSync(path.join(COVERAGE_DIR, `${name}.json`), JSON.stringify(this.result(), null, 2))
    },
  }
}
