/**
 * `npm run create-admin -- --email <address> --role ADMIN|MANAGER [--first-name …] [--last-name …]`
 * (in the image: `node dist/server/create-admin.js …`): the first admin or manager of a database
 * started without demo data, with the gateway's own settings (DATABASE_URL, else PGlite in
 * DATA_DIR, which the gateway must not hold open). The password is read from stdin (its first
 * line), or typed twice with no echo when stdin is a terminal; it follows the sign-up's rules.
 * Exit 0 with one line; exit 1 with one sentence per refused field; 64 for a wrong command line.
 */
import path from "node:path"
import { parseArgs } from "node:util"
import { validation } from "../../locales/en.json"
import { canonicalEmail, LIMITS } from "../../schemas/fields.ts"
import { loadConfigOrExit } from "../config.ts"
import { openDatabase } from "../db/client.ts"
import { createStaffAccount, STAFF_ROLES } from "./staffAccount.ts"

const USAGE = "usage: create-admin --email <address> --role ADMIN|MANAGER [--first-name <name>] [--last-name <name>] (password on stdin)"

let values: { email?: string; role?: string; "first-name"?: string; "last-name"?: string }
try {
  ;({ values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string" }, "first-name": { type: "string" }, "last-name": { type: "string" } },
  }))
} catch {
  console.error(USAGE)
  process.exit(64)
}
const { email, role } = values
if (!email || !role || !(STAFF_ROLES as ReadonlyArray<string>).includes(role)) {
  console.error(USAGE)
  process.exit(64)
}

/** Reads a line from the terminal without showing it. */
function typedSecret(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    process.stderr.write(prompt)
    const input = process.stdin
    input.setRawMode(true)
    input.resume()
    input.setEncoding("utf8")
    let text = ""
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\u0003") {
          process.stderr.write("\n")
          process.exit(130)
        } else if (char === "\r" || char === "\n" || char === "\u0004") {
          input.setRawMode(false)
          input.pause()
          input.off("data", onData)
          process.stderr.write("\n")
          resolve(text)
          return
        } else if (char === "\u007f" || char === "\b") {
          text = text.slice(0, -1)
        } else {
          text += char
        }
      }
    }
    input.on("data", onData)
  })
}

/** The first line of stdin, without its line ending. */
async function pipedSecret(): Promise<string> {
  let text = ""
  for await (const chunk of process.stdin) text += String(chunk)
  return text.split(/\r?\n/)[0] ?? ""
}

async function password(): Promise<string> {
  if (!process.stdin.isTTY) return pipedSecret()
  const first = await typedSecret("Password: ")
  if ((await typedSecret("Password again: ")) !== first) {
    console.error("create-admin: the two passwords differ; nothing was created.")
    process.exit(1)
  }
  return first
}

/** The sign-up's own English text for a field error (locales/en.json). */
const sentence = (name: string, key: string) => {
  const text = (validation as Record<string, string>)[key.replace(/^validation\./, "")] ?? key
  return `${name}: ${text.replace("{{min}}", String(LIMITS.passwordMin))}`
}

const config = loadConfigOrExit()
const secret = await password()
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") })
try {
  const result = await createStaffAccount(database.db, {
    email,
    role,
    password: secret,
    firstName: values["first-name"],
    lastName: values["last-name"],
  })
  if ("refused" in result) {
    for (const field of result.refused) console.error(`create-admin: ${sentence(field.name, field.message)}`)
    process.exitCode = 1
  } else {
    console.log(`created the ${role} account ${canonicalEmail(email)}: sign in at /auth/login`)
  }
} finally {
  await database.close()
}
