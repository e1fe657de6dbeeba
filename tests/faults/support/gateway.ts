import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { waitUntil } from "./postgres.ts"

/** The production server under test; FAULTS_SERVER names another build (a planted one, to prove a check fails without its fix). */
export const BUILT_SERVER = path.resolve(process.env.FAULTS_SERVER ?? "dist/server/main.js")

export interface ReadyBody {
  readonly status: string
  readonly checks: Record<string, string>
}

/** What /readyz answers now, or why nothing answered. */
export async function readiness(origin: string): Promise<{ status: number; body: ReadyBody | undefined } | { error: string }> {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(3_000) })
    // The SPA answers any unknown path with its HTML: only a JSON body is a readiness answer.
    const json = response.headers.get("content-type")?.startsWith("application/json") ? ((await response.json()) as ReadyBody) : undefined
    return { status: response.status, body: json }
  } catch (error) {
    return { error: String((error as { cause?: { code?: string } }).cause?.code ?? error) }
  }
}

/** One gateway process of the suite. */
export class GatewayProcess {
  readonly origin: string
  readonly #lines: string[] = []
  readonly exited: Promise<number | null>
  #exitCode: number | null | undefined = undefined

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    this.origin = `http://127.0.0.1:${port}`
    const keep = (chunk: Buffer) => this.#lines.push(...chunk.toString().split("\n").filter(Boolean))
    child.stdout!.on("data", keep)
    child.stderr!.on("data", keep)
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve((this.#exitCode = code))))
  }

  /** Starts `node dist/server/main.js` on `port` and waits until /readyz says ready. */
  static async start(name: string, options: { port: number; databaseUrl: string; dataDir: string; env?: Record<string, string> }): Promise<GatewayProcess> {
    const child = spawn(process.execPath, [BUILT_SERVER], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PORT: String(options.port),
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        STATIC_DIR: "/nonexistent",
        LOG_REQUESTS: "false",
        LOG_LEVEL: "info",
        // Jobs are looked for often, so that the reminders made due during a fault run during it.
        JOB_POLL_MS: "250",
        ...options.env,
      },
    })
    const gateway = new GatewayProcess(name, options.port, child)
    await waitUntil(
      async () => {
        if (gateway.#exitCode !== undefined) throw new Error(`${name} exited with ${gateway.#exitCode}:\n${gateway.logTail()}`)
        const answer = await readiness(gateway.origin)
        return "status" in answer && answer.status === 200 && answer.body?.status === "ready"
      },
      90_000,
      `${name} to be ready`,
    )
    return gateway
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  get alive(): boolean {
    return this.#exitCode === undefined
  }

  /** The lines it wrote (pino JSON, and anything else), for a failure's report. */
  get lines(): ReadonlyArray<string> {
    return this.#lines
  }

  logTail(count = 40): string {
    return this.#lines.slice(-count).join("\n")
  }

  /** The parsed JSON lines at `level` or above among warn/error/fatal. */
  problems(): Array<Record<string, unknown>> {
    return this.#lines
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.level === "error" || line.level === "fatal")
  }

  signal(signal: NodeJS.Signals): void {
    if (this.alive) this.child.kill(signal)
  }

  /** Ends it for good, whatever it is doing (after a test). */
  async kill(): Promise<void> {
    if (!this.alive) return
    this.child.kill("SIGKILL")
    await this.exited
  }
}
