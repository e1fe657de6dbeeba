import type { QueryClient } from "@tanstack/react-query"
import type { SessionHandle } from "../session/sessionHandle.ts"

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  readonly queryClient: QueryClient
  readonly session: SessionHandle
}
