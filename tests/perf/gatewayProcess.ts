import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import { readFileSync } from "node:fs"
import path from "node:path"

export interface RunningGateway {
  readonly origin: string
  /** The process's resident memory now, in MB (from /proc). */
  rssMb(): number
  /** The CPU time the process has used so far, user and system, in seconds (from /proc). */
  cpuSeconds(): number
  stop(): Promise<void>
}

/** Where the bench compiles the server, so a build running meanwhile cannot interfere. */
const BENCH_SERVER = path.resolve(".tmp/bench/server/main.js")
let compiled = false

/** The production server as `npm start` runs it (compiled, plain node), built once per bench run. */
function benchServer(): string {
  if (!compiled) execFileSync("npx", ["tsx", "scripts/buildServer.ts", path.dirname(BENCH_SERVER)], { stdio: ["ignore", "ignore", "inherit"] })
  compiled = true
  return BENCH_SERVER
}

const rssMbOf = (pid: number | undefined): number => {
  const status = pid === undefined ? "" : readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
}

/** Clock ticks a second of /proc/<pid>/stat's times: 100 on Linux, where the bench runs. */
const TICKS_PER_SECOND = 100

/**
 * User and system CPU seconds of a process, or 0 once it is gone; with `reapedChildren`, plus those
 * of the children it has waited for (a PostgreSQL postmaster's ended backends).
 */
export function cpuSecondsOf(pid: number | undefined, { reapedChildren = false } = {}): number {
  try {
    // Fields after the command name, which may itself hold spaces: utime, stime, cutime and cstime
    // are the 14th to 17th.
    const [utime, stime, cutime, cstime] = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ").slice(11, 15).map(Number)
    return (utime! + stime! + (reapedChildren ? cutime! + cstime! : 0)) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** Starts the compiled server as its own process (the load comes from this one) and waits for it. */
export async function startGatewayProcess(options: {
  port: number
  /** The compiled server to run (another version's, for a before-and-after); this tree's when absent. */
  server?: string
  databaseUrl?: string
  dataDir?: string
  staticDir?: string
  /** Milliseconds the gateway keeps public reads (its default when absent; 0 turns the cache off). */
  readCacheMs?: number
}): Promise<RunningGateway> {
  // Node itself (not npm), so a signal reaches the server and not a wrapper.
  const child: ChildProcess = spawn(process.execPath, [...(process.env.GATEWAY_NODE_ARGS ?? "").split(" ").filter(Boolean), options.server ?? benchServer()], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(options.port),
      LOG_REQUESTS: "false",
      DATABASE_URL: options.databaseUrl ?? "",
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      ...(options.staticDir ? { STATIC_DIR: options.staticDir } : {}),
      ...(options.readCacheMs !== undefined ? { READ_CACHE_MS: String(options.readCacheMs) } : {}),
    },
  })
  const origin = `http://127.0.0.1:${options.port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${origin}/auth/login`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running after the bench gives up on it.
      child.kill("SIGTERM")
      throw new Error("the gateway did not start in 3 minutes")
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    origin,
    rssMb: () => rssMbOf(child.pid),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}

/** A session token for a seeded account, through POST /auth/token. */
export async function tokenFor(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "Passw0rd!" }),
  })
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/** The id of a seeded doctor (Moussa Ndiaye), found through the gateway's public search. */
export async function seededDoctorId(origin: string): Promise<string> {
  const search = await fetch(`${origin}/api/v1/doctors/search`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ paginationSettings: { offset: 0, limit: 1 }, query: { keyword: "Moussa Ndiaye" } }),
  })
  return ((await search.json()) as { data: Array<{ id: string }> }).data[0]!.id
}

/** The public pages the browser sections measure; `{id}` is a seeded doctor. */
export const PUBLIC_PAGES = ["/", "/doctors?specialties=CARDIOLOGY", "/doctors/{id}", "/facilities"] as const
