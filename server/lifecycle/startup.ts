import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { cannotStart } from "../config.ts"
import { DatabaseStartError } from "../db/wait.ts"
import { isDatabaseUnavailable } from "../db/unavailable.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"

const log = scoped("start")

/**
 * Why `dir` cannot hold the gateway's files, or undefined when it can: it is made if missing and a
 * file is written in it and removed. Uploads, mails kept as files and SMS of the local outbox go
 * there; without this check they would fail one by one after the start, with nobody told.
 */
export function dataDirProblem(dir: string): string | undefined {
  const probe = path.join(dir, `.write-check-${process.pid}`)
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(probe, "")
    rmSync(probe)
    return undefined
  } catch (error) {
    const code = (error as { code?: unknown }).code
    return `DATA_DIR ${dir} cannot be written${typeof code === "string" ? ` (${code})` : ""}: uploaded files, mails and SMS are kept there.`
  }
}

/**
 * What stops a start that failed before the gateway listened: a database that cannot be used (the
 * sentence of waitForDatabase), a database lost during the start-up work (exit 2 too: the process
 * manager starts it again), or anything else (exit 1, its facts logged).
 */
export function startFailed(error: unknown, where: string): never {
  if (error instanceof DatabaseStartError) cannotStart([error.message])
  if (isDatabaseUnavailable(error))
    cannotStart([`the connection to ${where} was lost during the start-up (${errorFacts(error).sqlState ?? "no answer"}); start again.`])
  log.fatal({ error: errorFacts(error) }, "the start failed")
  process.exit(1)
}
