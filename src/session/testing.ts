import { SessionHandle } from "./sessionHandle.ts"
import type { SessionActor } from "./sessionActor.ts"

/**
 * A tab's session handle over an actor a test made. `started`: the machine runs from the first, as
 * src/main.tsx starts it for a tab with a token; otherwise it is a visitor's tab, whose machine
 * loads only when first needed (`loads` counts how often it was).
 */
export async function handleOver(actor: SessionActor, { started = true } = {}) {
  const loads = { count: 0 }
  const handle = new SessionHandle(actor.getSnapshot().context.language, async () => {
    loads.count++
    return actor
  })
  if (started) await handle.start()
  return Object.assign(handle, { loads })
}
