import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { Hono } from "hono"
import { isId } from "../../schemas/ids.ts"
import type { PaymentId } from "../../schemas/ids.ts"
import type { PaymentMethod } from "../../schemas/payments.ts"
import { escapeHtml } from "../auth/authPage.ts"
import { parseLoginLang, type LoginLang } from "../auth/loginPage.ts"
import { isSameOriginPost } from "../auth/sameOriginForm.ts"
import { doctors, payments, users } from "../db/schema.ts"
import type { AppEnv } from "../http/context.ts"
import { fcfa } from "./messages.ts"
import { sandboxNotice } from "./sandbox.ts"

/*
 * The sandbox provider's checkout (issue 40): a page of our own at the payment's checkoutUrl,
 * rendered here with no script and no outside asset, that stands for the provider's page. It says
 * it is a demonstration, offers the methods of Senegal's aggregators and two buttons; the choice
 * is posted back here, turned into a provider notice signed exactly as a real one, delivered to
 * POST /api/v1/payments/webhooks/sandbox (in-process: the same raw-body handler and verification),
 * and the browser is sent to the app's page of the payment, which reads its outcome.
 */

const METHODS: ReadonlyArray<{ readonly value: PaymentMethod; readonly label: Record<LoginLang, string> }> = [
  { value: "WAVE", label: { fr: "Wave", en: "Wave", ar: "Wave" } },
  { value: "ORANGE_MONEY", label: { fr: "Orange Money", en: "Orange Money", ar: "Orange Money" } },
  { value: "FREE_MONEY", label: { fr: "Free Money", en: "Free Money", ar: "Free Money" } },
  { value: "CARD", label: { fr: "Carte bancaire", en: "Bank card", ar: "بطاقة بنكية" } },
]

const TEXT = {
  fr: {
    title: "Paiement de l'acompte",
    demo: "Démonstration — aucun argent n'est débité",
    amount: "Montant",
    doctor: "Médecin",
    method: "Moyen de paiement",
    approve: "Approuver",
    refuse: "Refuser",
    over: "Ce paiement n'attend plus de réponse.",
    back: "Retour à Promed",
    unknown: "Ce paiement n'existe pas.",
  },
  en: {
    title: "Paying the deposit",
    demo: "Demonstration — no money is taken",
    amount: "Amount",
    doctor: "Doctor",
    method: "Payment method",
    approve: "Approve",
    refuse: "Refuse",
    over: "This payment no longer awaits an answer.",
    back: "Back to Promed",
    unknown: "This payment does not exist.",
  },
  ar: {
    title: "دفع العربون",
    demo: "عرض تجريبي — لا يُقتطع أي مال",
    amount: "المبلغ",
    doctor: "الطبيب",
    method: "وسيلة الدفع",
    approve: "موافقة",
    refuse: "رفض",
    over: "لم يعد هذا الدفع ينتظر ردا.",
    back: "العودة إلى Promed",
    unknown: "هذا الدفع غير موجود.",
  },
} as const satisfies Record<LoginLang, Record<string, string>>

// Fits 360 px: one column, wrapping, no fixed widths; the demonstration band cannot be missed.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f4f6f8;color:#1b1f24}
main{max-width:28rem;margin:0 auto;padding:1rem}
.demo{background:#fff3cd;border:2px solid #8a6d00;color:#4d3b00;padding:.75rem;border-radius:.5rem;font-weight:700;text-align:center}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}dt{color:#555}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}
label{display:flex;align-items:center;gap:.5rem;padding:.6rem;border:1px solid #ccd;border-radius:.5rem;margin-bottom:.5rem;min-height:44px}
.actions{display:flex;flex-wrap:wrap;gap:.5rem}button{flex:1 1 8rem;min-height:44px;font-size:1rem;border-radius:.5rem;border:0;padding:.6rem 1rem;cursor:pointer}
.approve{background:#0b6b3a;color:#fff}.refuse{background:#fff;color:#8a1c1c;border:2px solid #8a1c1c}
`

function page(lang: LoginLang, body: string): string {
  const t = TEXT[lang]
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} – ${escapeHtml(t.demo)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="demo" role="note">${escapeHtml(t.demo)}</p>
${body}
</main>
</body>
</html>`
}

/** The page's language: its `lang` parameter (the app may pass its own), else the browser's first, else French. */
const languageOf = (query: string | undefined, accept: string | undefined): LoginLang => parseLoginLang(query ?? accept?.split(",")[0]?.split(";")[0]?.trim())

const isPaymentId = Schema.is(Schema.String.check(isId)) as (id: string) => id is PaymentId

/** `deliver` is the app's own request function: the notice goes through the webhook exactly as a provider's would. */
export function sandboxPageRoutes(deliver: (input: string, init: RequestInit) => Response | Promise<Response>) {
  const app = new Hono<AppEnv>()

  app.get("/checkout/:id", async (c) => {
    const lang = languageOf(c.req.query("lang"), c.req.header("accept-language"))
    const t = TEXT[lang]
    c.header("Cache-Control", "no-store")
    const id = c.req.param("id")
    const [row] = isPaymentId(id)
      ? await c
          .get("deps")
          .db.select({ payment: payments, firstName: users.firstName, lastName: users.lastName })
          .from(payments)
          .innerJoin(doctors, eq(doctors.id, payments.doctorId))
          .innerJoin(users, eq(users.id, doctors.userId))
          .where(eq(payments.id, id))
      : []
    if (!row) return c.html(page(lang, `<div class="card"><p>${escapeHtml(t.unknown)}</p><p><a href="/">${escapeHtml(t.back)}</a></p></div>`), 404)
    const back = `/payments/${row.payment.id}`
    if (row.payment.status !== "PENDING") {
      return c.html(page(lang, `<div class="card"><p>${escapeHtml(t.over)}</p><p><a href="${back}">${escapeHtml(t.back)}</a></p></div>`))
    }
    const choices = METHODS.map(
      (m, i) => `<label><input type="radio" name="method" value="${m.value}"${i === 0 ? " checked" : ""}> ${escapeHtml(m.label[lang])}</label>`,
    ).join("\n")
    return c.html(
      page(
        lang,
        `<form class="card" method="post" action="/sandbox/checkout/${row.payment.id}?lang=${lang}">
<h1>${escapeHtml(t.title)}</h1>
<dl>
<dt>${escapeHtml(t.amount)}</dt><dd><bdi>${escapeHtml(fcfa(row.payment.amount))}</bdi> (${row.payment.currency})</dd>
<dt>${escapeHtml(t.doctor)}</dt><dd><bdi>Dr ${escapeHtml(`${row.firstName} ${row.lastName}`)}</bdi></dd>
</dl>
<fieldset><legend>${escapeHtml(t.method)}</legend>
${choices}
</fieldset>
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button class="refuse" type="submit" name="decision" value="refuse">${escapeHtml(t.refuse)}</button>
</div>
</form>`,
      ),
    )
  })

  app.post("/checkout/:id", async (c) => {
    const id = c.req.param("id")
    if (!isPaymentId(id)) return c.text("Not found", 404)
    // Only this page posts here: another site cannot approve or refuse a patient's payment.
    if (!isSameOriginPost(c)) return c.text("Forbidden", 403)
    const form = await c.req.parseBody()
    const method = METHODS.find((m) => m.value === form.method)?.value ?? null
    const approved = form.decision === "approve"
    const { db, config, clock } = c.get("deps")
    const [payment] = await db.select().from(payments).where(eq(payments.id, id))
    if (!payment) return c.text("Not found", 404)
    if (payment.status === "PENDING") {
      const notice = sandboxNotice(
        config.payments.webhookSecret,
        { paymentId: payment.id, approved, method: approved ? method : null, amount: payment.amount, currency: payment.currency },
        clock(),
      )
      const answer = await deliver("/api/v1/payments/webhooks/sandbox", { method: "POST", headers: notice.headers, body: notice.rawBody })
      if (!answer.ok) return c.text(`The sandbox's notice was refused (${answer.status})`, 502)
    }
    return c.redirect(`/payments/${payment.id}`, 303)
  })

  return app
}
