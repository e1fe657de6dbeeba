import { readFile } from "node:fs/promises"
import path from "node:path"
import { Hono } from "hono"
import { escapeHtml } from "../auth/authPage.ts"
import { parseLoginLang, type LoginLang } from "../auth/loginPage.ts"
import { isSameOriginPost } from "../auth/sameOriginForm.ts"
import type { AppEnv } from "../http/context.ts"

/*
 * The phone simulator of issue 41, served only with demo data: a page of our own, with no script,
 * that talks to POST /api/v1/ussd and /api/v1/sms/inbound exactly as an aggregator would (form
 * posts, in-process through this very app), for a demonstration and for the e2e tests. It shows
 * the USSD screen, a keypad, an answer field, and the SMS the local sink holds for the number.
 */

const SERVICE_CODE = "*789#"

const TEXT = {
  fr: {
    title: "Simulateur de téléphone",
    demo: "Démonstration — USSD et SMS comme les envoie l'opérateur",
    number: "Numéro appelant",
    call: `Appeler ${SERVICE_CODE}`,
    answer: "Réponse",
    send: "Envoyer",
    hangUp: "Raccrocher",
    ended: "Session terminée.",
    sms: "SMS à Promed",
    sendSms: "Envoyer le SMS",
    inbox: "SMS reçus",
    none: "Aucun SMS.",
  },
  en: {
    title: "Phone simulator",
    demo: "Demonstration — USSD and SMS as the network sends them",
    number: "Calling number",
    call: `Dial ${SERVICE_CODE}`,
    answer: "Answer",
    send: "Send",
    hangUp: "Hang up",
    ended: "Session ended.",
    sms: "SMS to Promed",
    sendSms: "Send the SMS",
    inbox: "SMS received",
    none: "No SMS.",
  },
  ar: {
    title: "محاكي الهاتف",
    demo: "عرض توضيحي — USSD والرسائل كما ترسلها الشبكة",
    number: "رقم المتصل",
    call: `اطلب ${SERVICE_CODE}`,
    answer: "الرد",
    send: "إرسال",
    hangUp: "إنهاء المكالمة",
    ended: "انتهت الجلسة.",
    sms: "رسالة إلى Promed",
    sendSms: "إرسال الرسالة",
    inbox: "الرسائل الواردة",
    none: "لا رسائل.",
  },
} as const satisfies Record<LoginLang, Record<string, string>>

// A phone at 360 px: one column, the screen in a monospace box, a three-column keypad.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#eef1f4;color:#1b1f24}
main{max-width:24rem;margin:0 auto;padding:1rem}
.demo{background:#fff3cd;border:2px solid #8a6d00;color:#4d3b00;padding:.6rem;border-radius:.5rem;font-weight:700;text-align:center}
.phone{background:#fff;border-radius:1rem;padding:1rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}input[type=text],input[type=tel]{width:100%;min-height:44px;font-size:1rem;padding:.5rem;border:1px solid #99a;border-radius:.5rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#12261a;color:#c8f7d0;padding:.75rem;border-radius:.5rem;min-height:8rem;font-size:1rem;margin:.75rem 0}
.keys{display:grid;grid-template-columns:repeat(3,1fr);gap:.4rem;margin:.5rem 0}
button{min-height:44px;font-size:1rem;border-radius:.5rem;border:1px solid #99a;background:#f7f8fa;cursor:pointer}
.primary{background:#0b6b3a;color:#fff;border:0;width:100%;margin-top:.5rem}
ul{padding-inline-start:1.2rem}li{margin:.25rem 0;overflow-wrap:anywhere}
`

interface View {
  readonly lang: LoginLang
  readonly phone: string
  readonly sessionId: string
  readonly inputs: string
  /** The aggregator's last answer: CON (waiting for a key) or END, or nothing before a call. */
  readonly screen: string | null
  readonly inbox: ReadonlyArray<string>
}

function render(v: View): string {
  const t = TEXT[v.lang]
  const live = v.screen?.startsWith("CON ") ?? false
  const hidden = `<input type="hidden" name="phone" value="${escapeHtml(v.phone)}"><input type="hidden" name="sessionId" value="${escapeHtml(v.sessionId)}"><input type="hidden" name="inputs" value="${escapeHtml(v.inputs)}">`
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "00"]
    .map((k) => `<button type="submit" name="key" value="${k}" aria-label="${k}">${k}</button>`)
    .join("")
  const call = live
    ? `<form method="post" action="/dev/ussd?lang=${v.lang}">${hidden}
<div class="keys" role="group" aria-label="${escapeHtml(t.answer)}">${keys}</div>
<label for="typed">${escapeHtml(t.answer)}</label><input id="typed" type="text" name="typed" autocomplete="off">
<button class="primary" type="submit" name="send" value="1">${escapeHtml(t.send)}</button>
</form>
<form method="get" action="/dev/ussd"><input type="hidden" name="lang" value="${v.lang}"><input type="hidden" name="phone" value="${escapeHtml(v.phone)}"><button type="submit">${escapeHtml(t.hangUp)}</button></form>`
    : `<form method="post" action="/dev/ussd?lang=${v.lang}">
<label for="phone">${escapeHtml(t.number)}</label><input id="phone" type="tel" name="phone" value="${escapeHtml(v.phone)}" dir="ltr">
<input type="hidden" name="dial" value="1"><button class="primary" type="submit">${escapeHtml(t.call)}</button>
</form>`
  const screen =
    v.screen === null ? "" : `<pre role="status" aria-label="USSD">${escapeHtml(v.screen.slice(4))}${live ? "" : `\n\n${escapeHtml(t.ended)}`}</pre>`
  const inbox = v.inbox.length === 0 ? `<p>${escapeHtml(t.none)}</p>` : `<ul>${v.inbox.map((text) => `<li><bdi>${escapeHtml(text)}</bdi></li>`).join("")}</ul>`
  return `<!doctype html>
<html lang="${v.lang}" dir="${v.lang === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>
<body><main>
<p class="demo" role="note">${escapeHtml(t.demo)}</p>
<section class="phone" aria-label="${escapeHtml(t.title)}"><h1>${escapeHtml(t.title)}</h1>${screen}${call}</section>
<section class="phone" aria-label="${escapeHtml(t.sms)}">
<form method="post" action="/dev/ussd/sms?lang=${v.lang}"><input type="hidden" name="phone" value="${escapeHtml(v.phone)}">
<label for="sms">${escapeHtml(t.sms)}</label><input id="sms" type="text" name="text" autocomplete="off">
<button class="primary" type="submit">${escapeHtml(t.sendSms)}</button></form>
<h2>${escapeHtml(t.inbox)}</h2>${inbox}
</section>
</main></body></html>`
}

const text = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? form[name].trim() : "")

/** `deliver` is the app's own request function: the simulator posts as an aggregator would. */
export function ussdSimulatorRoutes(deliver: (input: string, init: RequestInit) => Response | Promise<Response>) {
  const app = new Hono<AppEnv>()

  /** The SMS the local sink holds for `phone`, newest first (none with a real provider). */
  const inboxOf = async (dataDir: string, phone: string) => {
    const lines = await readFile(path.join(dataDir, "sms", "outbox.jsonl"), "utf8").catch(() => "")
    return lines
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((sms) => sms.to === phone)
      .map((sms) => sms.text)
      .reverse()
      .slice(0, 8)
  }
  const post = (route: string, fields: Record<string, string>) =>
    deliver(route, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() })

  app.get("/ussd", async (c) => {
    const lang = parseLoginLang(c.req.query("lang"))
    const phone = c.req.query("phone") ?? "+23566123456"
    c.header("Cache-Control", "no-store")
    return c.html(render({ lang, phone, sessionId: "", inputs: "", screen: null, inbox: await inboxOf(c.get("deps").config.dataDir, phone) }))
  })

  app.post("/ussd", async (c) => {
    if (!isSameOriginPost(c)) return c.text("Forbidden", 403)
    const lang = parseLoginLang(c.req.query("lang"))
    const form = await c.req.parseBody()
    const phone = text(form, "phone")
    const dialing = text(form, "dial") === "1"
    const sessionId = dialing ? `SIM_${crypto.randomUUID()}` : text(form, "sessionId")
    const key = text(form, "typed") || text(form, "key")
    const inputs = dialing ? "" : [text(form, "inputs"), key].filter((part, i) => i === 1 || part !== "").join("*")
    const answer = await post("/api/v1/ussd", { sessionId, serviceCode: SERVICE_CODE, phoneNumber: phone, text: inputs })
    const screen = answer.ok ? await answer.text() : `END ${answer.status}`
    c.header("Cache-Control", "no-store")
    return c.html(render({ lang, phone, sessionId, inputs, screen, inbox: await inboxOf(c.get("deps").config.dataDir, phone) }))
  })

  app.post("/ussd/sms", async (c) => {
    if (!isSameOriginPost(c)) return c.text("Forbidden", 403)
    const lang = parseLoginLang(c.req.query("lang"))
    const form = await c.req.parseBody()
    const phone = text(form, "phone")
    await post("/api/v1/sms/inbound", { from: phone, to: "21789", text: text(form, "text"), date: new Date().toISOString(), id: `SIM_${crypto.randomUUID()}` })
    c.header("Cache-Control", "no-store")
    return c.html(render({ lang, phone, sessionId: "", inputs: "", screen: null, inbox: await inboxOf(c.get("deps").config.dataDir, phone) }))
  })

  return app
}
