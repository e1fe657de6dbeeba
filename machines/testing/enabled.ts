import type { AnyEventObject } from "xstate"

/**
 * The kinds of event, among `probes`, a snapshot would react to, sorted: the buttons a screen
 * enables and the answers a flow still waits for. An oracle states the same from SPEC, so that a
 * transition taken away from the machine (which also takes it away from the generated paths) is
 * still caught: the button the oracle expects is not there.
 */
export function enabledOf(snapshot: { can(event: never): boolean }, probes: ReadonlyArray<AnyEventObject>): string[] {
  return [...new Set(probes.filter((event) => snapshot.can(event as never)).map((event) => event.type))].sort()
}

/** The event kinds whose condition holds, sorted, for an oracle's side of the comparison. */
export function enabledWhen(conditions: Record<string, boolean>): string[] {
  return Object.keys(conditions)
    .filter((type) => conditions[type])
    .sort()
}
