import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query"
import { redirect } from "@tanstack/react-router"
import { pageInRange } from "../features/public/common/pageInRange.ts"

interface PageAsked {
  readonly page: number
  readonly limit: number
}

/**
 * A result page beyond the last (an old or hand-edited link) lives at the last one. On the server
 * (src/ssr/serverEntry.tsx) the loader waits for the results and redirects there, so the phone is
 * sent that page drawn, not a loading screen it would replace only once the app has started. In
 * the browser the loader does not wait for the results: the screen moves to the last page once
 * they arrive; this whole check is left out of the browser's build.
 */
export async function redirectBeyondLastPage(asked: PageAsked, results: Promise<{ readonly totalCount: number } | undefined>): Promise<void> {
  if (!import.meta.env.SSR) return
  const found = await results
  const last = found ? pageInRange(asked.page, asked.limit, found.totalCount) : null
  if (last === null) return
  // The first page is the default: it is left out of the address, as the page itself does.
  throw redirect({ to: ".", search: (previous: Record<string, unknown>) => ({ ...previous, page: last > 1 ? last : undefined }) })
}

/** Starts a results page's query (not waited for in the browser) and checks, on the server, that the page asked for exists. */
export function loadResultsPage<Data, Failure, Key extends QueryKey>(
  queryClient: QueryClient,
  asked: PageAsked,
  query: FetchQueryOptions<Data, Failure, Data, Key>,
  paginationOf: (data: Data) => { readonly totalCount: number },
): Promise<void> {
  const loaded = queryClient.prefetchQuery(query)
  return redirectBeyondLastPage(
    asked,
    loaded.then(() => {
      const data = queryClient.getQueryData<Data>(query.queryKey)
      return data === undefined ? undefined : paginationOf(data)
    }),
  )
}
