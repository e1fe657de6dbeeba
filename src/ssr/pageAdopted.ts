let adopt: () => void = () => {}

/**
 * Resolves once React has adopted the page's own content, not only the frame around it. Hydrating
 * the server's HTML, React commits the frame first and leaves the page (below the router's root
 * outlet, a Suspense boundary) to a later, low-priority pass. A navigation before that pass swaps
 * the route under a boundary still being adopted: React throws the adoption away and draws the
 * page again (a recoverable error, and a slow phone's work done twice). A tap held meanwhile
 * (src/ssr/takeover.js) waits for this.
 */
export const pageAdopted = new Promise<void>((resolve) => {
  adopt = resolve
})

/** Called by the screens the server draws, from an effect: React runs it once their content is committed. */
export const markPageAdopted = (): void => adopt()
