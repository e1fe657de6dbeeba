import { appendFile, mkdir } from "node:fs/promises"
import path from "node:path"

export interface Sms {
  readonly to: string
  readonly text: string
}

/** Sends one SMS; throws when the provider refuses it. */
export type SendSms = (sms: Sms) => Promise<void>

/**
 * A provider reached over HTTP: POST {to, text} as JSON with the key as a bearer token, any 2xx is
 * accepted. The provider's words stay out of the error (they may echo the number).
 */
export function httpSmsSender(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): SendSms {
  return async (sms) => {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      // A slow provider must not hold the job worker: the job is retried instead.
      signal: AbortSignal.timeout(15_000),
    })
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`)
  }
}

/** Without a provider (the embedded default): each SMS is a JSON line of <dir>/outbox.jsonl, for a developer to read. */
export function localSmsSink(dir: string): SendSms {
  return async (sms) => {
    await mkdir(dir, { recursive: true })
    await appendFile(path.join(dir, "outbox.jsonl"), `${JSON.stringify({ at: new Date().toISOString(), ...sms })}\n`, { mode: 0o600 })
  }
}

/** For tests: keeps what was sent in memory. */
export function memorySmsSink(): { send: SendSms; sent: Sms[] } {
  const sent: Sms[] = []
  return { sent, send: async (sms) => void sent.push(sms) }
}

/** This server's SMS: the HTTP provider when SMS_PROVIDER_URL is set, the local sink under DATA_DIR otherwise. */
export const smsSender = (config: { smsProviderUrl: string | undefined; smsApiKey: string; dataDir: string }): SendSms =>
  config.smsProviderUrl ? httpSmsSender(config.smsProviderUrl, config.smsApiKey) : localSmsSink(path.join(config.dataDir, "sms"))
