import { createActor, type ActorRefFrom } from "xstate"
import { errorModalMachine } from "../../machines/errorModal.machine.ts"
import { inspector } from "../dev/inspector.ts"
import type { SessionHandle } from "../session/sessionHandle.ts"

export type ErrorModalActor = ActorRefFrom<typeof errorModalMachine>

/** The app's error modal; session codes end the session instead of opening it. */
export function createErrorModalActor(session: SessionHandle): ErrorModalActor {
  return createActor(
    errorModalMachine.provide({
      actions: { endSession: (_, { code }) => session.send({ type: "session.expired", code }) },
    }),
    { inspect: inspector() },
  )
}
