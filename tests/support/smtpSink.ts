/**
 * A local SMTP sink for tests: accepts every mail on an SMTP port and lists what it received on
 * an HTTP port (GET /messages as JSON, DELETE /messages to forget). Run as a script for
 * Playwright (`tsx tests/support/smtpSink.ts <smtpPort> <httpPort>`) or start it in-process.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { pathToFileURL } from "node:url"
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly replyTo: string
  readonly text: string
  readonly receivedAt: string
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as plain text. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  )
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => `%${hex}`)
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"))
  } catch {
    return bytes
  }
}

/** Enough MIME for the single-part plain-text mails the gateway sends. */
export function parseMail(raw: string): Omit<ReceivedMail, "to" | "receivedAt"> {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ")
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "")
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? ""
  const encoding = header("Content-Transfer-Encoding").toLowerCase()
  const text = encoding === "quoted-printable" ? decodeQuotedPrintable(body) : encoding === "base64" ? Buffer.from(body, "base64").toString("utf8") : body
  return {
    from: decodeWords(header("From")),
    subject: decodeWords(header("Subject")),
    replyTo: decodeWords(header("Reply-To")),
    text: text.replace(/\r\n/g, "\n").trim(),
  }
}

export interface SmtpSink {
  readonly smtpPort: number
  readonly httpPort: number
  readonly messages: ReceivedMail[]
  stop(): Promise<void>
}

/** Starts the sink; port 0 picks a free port. */
export async function startSmtpSink(smtpPort = 0, httpPort = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        messages.push({
          ...parseMail(Buffer.concat(chunks).toString("utf8")),
          to: session.envelope.rcptTo.map((r) => r.address),
          receivedAt: new Date().toISOString(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve))
  const http: Server = createServer((request, response) => {
    if (request.url === "/messages" && request.method === "DELETE") messages.length = 0
    response.writeHead(200, { "Content-Type": "application/json" })
    response.end(JSON.stringify(messages))
  })
  await new Promise<void>((resolve) => http.listen(httpPort, "127.0.0.1", resolve))
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    messages,
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const sink = await startSmtpSink(Number(process.argv[2] ?? 2525), Number(process.argv[3] ?? 2526))
  console.log(`SMTP sink on smtp://127.0.0.1:${sink.smtpPort}, mails at http://127.0.0.1:${sink.httpPort}/messages`)
}
