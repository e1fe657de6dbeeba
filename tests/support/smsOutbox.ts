import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

/** The SMS a provider-less gateway wrote for this number in <dataDir>/sms/outbox.jsonl (server/sms/sms.ts), oldest first. */
export function smsInOutbox(dataDir: string, phone: string): string[] {
  const file = path.join(dataDir, "sms", "outbox.jsonl")
  if (!existsSync(file)) return []
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((sms) => sms.to === phone)
    .map((sms) => sms.text)
}
