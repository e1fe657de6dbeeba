// Apart from searchParams.ts, which the entry chunk loads (the routes' search checks): only the result pages use this.

/** The page to show instead of one beyond the last (the last one, or 1 when nothing matches); null when the page exists. */
export function pageInRange(page: number, limit: number, totalCount: number): number | null {
  const last = Math.max(1, Math.ceil(totalCount / limit))
  return page > last ? last : null
}
