import { MutationCache, QueryClient } from "@tanstack/react-query"
import { ApiRequestError, retryAfterSecondsOf } from "./requestError.ts"

declare module "@tanstack/react-query" {
  interface Register {
    defaultError: ApiRequestError
    mutationMeta: {
      /** SPEC §8 lists failures that are only logged: such mutations set `silent`. */
      silent?: boolean
    }
  }
}

/** One client for the SPA; failed mutations open the error modal unless they say otherwise. */
export function createQueryClient(showError: (error: ApiRequestError) => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // Slow links fail often: retry reads twice, but never a session or not-found error.
        retry: (count, error) => count < 2 && (error.status === null || error.status >= 500),
        // An outage answer (503) says when to ask again (capped); otherwise TanStack's own backoff (1 s, 2 s).
        retryDelay: (count, error) => 1000 * (retryAfterSecondsOf(error) ?? Math.min(2 ** count, 30)),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) {
          console.warn("[promed] request failed", error)
          return
        }
        showError(error instanceof ApiRequestError ? error : new ApiRequestError("UNHANDLED_ERROR", String(error), null))
      },
    }),
  })
}
