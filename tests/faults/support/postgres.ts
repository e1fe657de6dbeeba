import { execFile, spawn, type ChildProcess } from "node:child_process"
import { appendFileSync, existsSync, readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

/** Debian's PostgreSQL major version here (`/usr/lib/postgresql/<major>`): 15. */
export const PG_MAJOR = readdirSync("/usr/lib/postgresql").sort().at(-1)!

/** The role of HAProxy's health check: signs in without a password from the loopback (pg_hba trust), may do nothing else. */
const CHECK_ROLE = "haproxy_check"
const PASSWORD = "faults"

/** Runs a PostgreSQL cluster tool (pg_ctlcluster, pg_createcluster…), as root: Debian's wrappers become the postgres user themselves. */
const tool = (command: string, ...args: string[]) => run(command, args, { timeout: 120_000 })
/** A command as the postgres user (pg_basebackup writes files that must be theirs). */
const asPostgres = (line: string) => run("su", ["postgres", "-c", line], { timeout: 120_000 })

/** One cluster of Debian's PostgreSQL of the suite's own, on a port of its own, so that its restarts never touch the database of the other suites. */
export class Cluster {
  constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  get confDir(): string {
    return `/etc/postgresql/${PG_MAJOR}/${this.name}`
  }

  get dataDir(): string {
    return `/var/lib/postgresql/${PG_MAJOR}/${this.name}`
  }

  /** An address of this cluster, straight (not through HAProxy). */
  url(database = "postgres"): string {
    return `postgres://postgres:${PASSWORD}@127.0.0.1:${this.port}/${database}`
  }

  /** Writes the settings of a primary that streams to a synchronous standby. */
  private configure(settings: Record<string, string>): void {
    const lines = Object.entries(settings).map(([key, value]) => `${key} = ${value}`)
    appendFileSync(path.join(this.confDir, "postgresql.conf"), `\n# tests/faults\n${lines.join("\n")}\n`)
    writeFileSync(
      path.join(this.confDir, "pg_hba.conf"),
      [
        "local all postgres peer",
        `host all ${CHECK_ROLE} 127.0.0.1/32 trust`,
        "host all all 127.0.0.1/32 scram-sha-256",
        "host replication all 127.0.0.1/32 scram-sha-256",
        "",
      ].join("\n"),
    )
  }

  /** A new primary (synchronous once its standby is attached: `requireSynchronousStandby`). */
  static async createPrimary(name: string, port: number): Promise<Cluster> {
    const cluster = new Cluster(name, port)
    await cluster.dropIfThere()
    await tool("pg_createcluster", PG_MAJOR, name, "-p", String(port))
    cluster.configure({ ...COMMON_SETTINGS, synchronous_commit: "on" })
    await cluster.ctl("start")
    await asPostgres(`psql -p ${port} -qc "ALTER USER postgres PASSWORD '${PASSWORD}'" -c "CREATE ROLE ${CHECK_ROLE} LOGIN" -c "CREATE DATABASE promed"`)
    return cluster
  }

  /** A streaming standby of `primary`, copied with pg_basebackup (-R writes its primary_conninfo). */
  static async createStandby(name: string, port: number, primary: Cluster): Promise<Cluster> {
    const cluster = new Cluster(name, port)
    await cluster.dropIfThere()
    await tool("pg_createcluster", PG_MAJOR, name, "-p", String(port))
    cluster.configure(COMMON_SETTINGS)
    await asPostgres(
      `rm -rf ${cluster.dataDir}/* && PGPASSWORD=${PASSWORD} pg_basebackup -h 127.0.0.1 -p ${primary.port} -U postgres -D ${cluster.dataDir} -R -X stream --checkpoint=fast`,
    )
    await cluster.ctl("start")
    return cluster
  }

  /**
   * From now on a commit is acknowledged only once a standby has it on disk (synchronous_commit=on
   * with any standby named): set after the standby is attached, as every commit waits for one.
   */
  async requireSynchronousStandby(): Promise<void> {
    await asPostgres(`psql -p ${this.port} -qc "ALTER SYSTEM SET synchronous_standby_names = '*'" -c "SELECT pg_reload_conf()"`)
  }

  /** pg_ctlcluster start | stop | restart | promote, with its options (`-m immediate` is a crash). */
  async ctl(action: "start" | "stop" | "restart" | "promote", ...options: string[]): Promise<void> {
    await tool("pg_ctlcluster", ...options, PG_MAJOR, this.name, action)
  }

  /** Removes the cluster, stopping it first; nothing when there is none (an aborted run leaves one). */
  async dropIfThere(): Promise<void> {
    if (!existsSync(this.confDir)) return
    await tool("pg_dropcluster", "--stop", PG_MAJOR, this.name).catch(() => tool("pg_dropcluster", PG_MAJOR, this.name))
  }
}

/** Both nodes: replication allowed, the standby asking again soon after losing its primary (default 5 s). */
const COMMON_SETTINGS = {
  listen_addresses: "'127.0.0.1'",
  wal_level: "replica",
  max_wal_senders: "5",
  hot_standby: "on",
  wal_retrieve_retry_interval: "'200ms'",
  // The fault tests make a few hundred connections at most.
  max_connections: "200",
}

/**
 * The PostgreSQL startup message for the check role on the database `postgres` (protocol 3.0):
 * length, version, then `user`, the role, `database`, its name, and a closing zero.
 */
function startupMessage(role: string): string {
  const body = Buffer.from(`user\0${role}\0database\0postgres\0\0`)
  const header = Buffer.alloc(8)
  header.writeInt32BE(8 + body.length, 0)
  header.writeInt32BE(196608, 4)
  return Buffer.concat([header, body]).toString("hex")
}

/**
 * HAProxy in TCP mode in front of the nodes: one stable address for the gateways. Its check signs
 * in as the check role (trusted, no password) and passes only when the server's startup answer
 * reports `in_hot_standby` = `off` (PostgreSQL 14 and later report it with every sign-in), that
 * is, on the writable primary: a standby, or a node that is down, gets no connection. A node
 * marked down has its connections cut at once, so clients find out and connect again.
 */
export class HaProxy {
  #process: ChildProcess | undefined
  readonly #log: string[] = []

  constructor(
    readonly port: number,
    private readonly nodes: ReadonlyArray<Cluster>,
    private readonly folder: string,
  ) {}

  /** The address the gateways use. */
  url(database = "promed"): string {
    return `postgres://postgres:${PASSWORD}@127.0.0.1:${this.port}/${database}`
  }

  get log(): string {
    return this.#log.join("")
  }

  async start(): Promise<void> {
    const config = path.join(this.folder, "haproxy.cfg")
    writeFileSync(
      config,
      [
        "global",
        "  log stdout format raw local0 info",
        "defaults",
        "  mode tcp",
        "  log global",
        "  timeout connect 1s",
        // The gateways' listening connection may stay quiet for hours: the proxy must not end it.
        "  timeout client 24h",
        "  timeout server 24h",
        "  timeout check 1s",
        "listen postgres",
        `  bind 127.0.0.1:${this.port}`,
        "  option tcp-check",
        "  tcp-check connect",
        `  tcp-check send-binary ${startupMessage(CHECK_ROLE)}`,
        `  tcp-check expect binary ${Buffer.from("in_hot_standby\0off\0").toString("hex")}`,
        // Terminate ('X'), so the server logs no broken connection.
        "  tcp-check send-binary 5800000004",
        "  default-server inter 300ms fall 2 rise 2 on-marked-down shutdown-sessions",
        ...this.nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`),
        "",
      ].join("\n"),
    )
    await run("haproxy", ["-c", "-q", "-f", config])
    const child = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] })
    child.stdout.on("data", (chunk: Buffer) => this.#log.push(chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => this.#log.push(chunk.toString()))
    this.#process = child
    await waitUntil(() => /is UP|Proxy postgres started/.test(this.log) || this.#log.length > 0, 5_000)
  }

  async stop(): Promise<void> {
    const child = this.#process
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGKILL")
    await exited
  }
}

/** Polls `ready` every 50 ms until it holds, or fails after `ms`. */
export async function waitUntil(ready: () => boolean | Promise<boolean>, ms: number, what = "a condition"): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Whether this process may make clusters: Debian's tools need root (CI and this machine run as root). */
export const canMakeClusters = () => process.getuid?.() === 0 && existsSync(`/usr/lib/postgresql/${PG_MAJOR}/bin/postgres`)
