import type { QueryClient } from "@tanstack/react-query"
import type { SessionActor } from "../session/sessionActor.ts"

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  readonly queryClient: QueryClient
  readonly session: SessionActor
}
