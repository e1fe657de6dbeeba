/**
 * Runs the callback when the browser is idle, or after `timeout` ms at the latest. Safari has no
 * requestIdleCallback: there it runs once the current task and what is queued before it are done.
 */
export function whenIdle(callback: () => void, timeout: number): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(callback, { timeout })
  else setTimeout(callback, 0)
}

/**
 * Resolves in a task of its own: what follows the await runs after the browser has had its turn
 * (a tap, a frame). On a slow phone, start-up cut this way stays in tasks well under 50 ms.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0))
