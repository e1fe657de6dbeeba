import type { Server } from "node:http"
import net from "node:net"

/** How many requests are being answered; a client that hangs up does not stop its handler, which still needs the database. */
export class InFlight {
  #count = 0

  get count(): number {
    return this.#count
  }

  /** Wraps a fetch handler so that each call is counted while it runs. */
  wrap<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      this.#count++
      try {
        return await handler(...args)
      } finally {
        this.#count--
      }
    }
  }
}

/** How long, once nothing is in flight, open keep-alive connections get to bring their last request (answered with Connection: close). */
const LINGER_MS = 1_000

const connectionsOf = (server: Server) => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)))

/**
 * Stops taking connections (a load balancer's next try goes to another gateway), lets the requests
 * under way be answered and the open keep-alive connections bring one more request each (answered
 * with Connection: close, health.ts), until `deadline` (epoch ms) at most; then closes what is left.
 */
export async function drainHttpServer(server: Server, inFlight: InFlight, deadline: number): Promise<void> {
  // net.Server's close, not http.Server's: the latter also closes the idle keep-alive connections
  // at once, and a client sending on one at that moment sees a reset instead of an answer.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()))
  const lingerUntil = Math.min(deadline, Date.now() + LINGER_MS)
  const busy = async () => inFlight.count > 0 || (Date.now() < lingerUntil && (await connectionsOf(server)) > 0)
  while (Date.now() < deadline && (await busy())) await new Promise((resolve) => setTimeout(resolve, 20))
  server.closeAllConnections()
  await closed
}
