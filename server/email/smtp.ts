import nodemailer from "nodemailer"
import type { SendMail } from "./outbox.ts"

const senders = new Map<string, SendMail>()

/** A sender for an SMTP URL (smtp://user:pass@host:port, smtps:// for TLS), one pooled transport per URL. */
export function smtpSender(url: string): SendMail {
  const known = senders.get(url)
  if (known) return known
  const transport = nodemailer.createTransport({
    url,
    // Slow links on both ends: give up on a dead server rather than hold the request.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  })
  const send: SendMail = async (mail) => {
    await transport.sendMail(mail)
  }
  senders.set(url, send)
  return send
}
