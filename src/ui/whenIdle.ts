/**
 * Runs the callback when the browser is idle, or after `timeout` ms at the latest. Safari has no
 * requestIdleCallback: there it runs once the current task and what is queued before it are done.
 */
export function whenIdle(callback: () => void, timeout: number): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(callback, { timeout })
  else setTimeout(callback, 0)
}
