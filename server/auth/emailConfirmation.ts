import { Hono, type Context } from "hono"
import { mailLanguageOf, sendAccountMails } from "../accounts/emailChange.ts"
import { maskedAddress } from "../email/accountMail.ts"
import type { AppEnv } from "../http/context.ts"
import { confirmEmailChange, isEmailChangeOpen } from "../repositories/emailChanges.ts"
import { escapeHtml, renderAuthPage } from "./authPage.ts"
import type { LoginLang } from "./loginPage.ts"
import { isSameOriginPost } from "./sameOriginForm.ts"
import { confirmEmailLink, isEmailLinkOpen } from "../verification/codes.ts"

const TEXTS = {
  fr: {
    title: "Confirmer votre nouvelle adresse",
    ask: "Confirmez pour vous connecter désormais à Promed avec cette adresse e-mail.",
    confirm: "Confirmer la nouvelle adresse",
    done: (address: string) => `C'est fait : vous vous connectez désormais avec <bdi dir="ltr">${address}</bdi>.`,
    invalid: "Ce lien n'est plus valide : il a déjà servi, il a expiré, ou une demande plus récente l'a remplacé. Votre adresse de connexion n'a pas changé.",
    taken: "Cette adresse est désormais utilisée par un autre compte. Votre adresse de connexion n'a pas changé.",
    crossSite: "Cette confirmation ne venait pas d'une page de Promed : rien n'a changé. Ouvrez à nouveau le lien reçu par e-mail.",
    signIn: "Se connecter",
    back: "Retour à Promed",
    verifyTitle: "Confirmer votre adresse e-mail",
    verifyAsk: "Confirmez que cette adresse est bien la vôtre : elle recevra alors vos rappels et avis.",
    verifyConfirm: "Confirmer mon adresse",
    verified: "C'est fait : votre adresse e-mail est confirmée.",
    verifyInvalid: "Ce lien n'est plus valide : il a déjà servi, il a expiré, ou un lien plus récent l'a remplacé.",
  },
  en: {
    title: "Confirm your new address",
    ask: "Confirm to sign in to Promed with this email address from now on.",
    confirm: "Confirm the new address",
    done: (address: string) => `Done: you now sign in with <bdi dir="ltr">${address}</bdi>.`,
    invalid: "This link is no longer valid: it was used, it expired, or a newer request replaced it. Your sign-in address has not changed.",
    taken: "This address is now used by another account. Your sign-in address has not changed.",
    crossSite: "This confirmation did not come from a Promed page: nothing changed. Open the link from your email again.",
    signIn: "Sign in",
    back: "Back to Promed",
    verifyTitle: "Confirm your email address",
    verifyAsk: "Confirm that this address is yours: it will then get your reminders and notices.",
    verifyConfirm: "Confirm my address",
    verified: "Done: your email address is confirmed.",
    verifyInvalid: "This link is no longer valid: it was used, it expired, or a newer link replaced it.",
  },
  ar: {
    title: "أكّد عنوانك الجديد",
    ask: "أكّد لتسجّل الدخول إلى بروميد بهذا البريد الإلكتروني من الآن فصاعدًا.",
    confirm: "تأكيد العنوان الجديد",
    done: (address: string) => `تم: أصبحت تسجّل الدخول بالعنوان <bdi dir="ltr">${address}</bdi>.`,
    invalid: "لم يعد هذا الرابط صالحًا: استُخدم من قبل، أو انتهت صلاحيته، أو حلّ محله طلب أحدث. لم يتغير عنوان تسجيل دخولك.",
    taken: "يستخدم حساب آخر هذا العنوان الآن. لم يتغير عنوان تسجيل دخولك.",
    crossSite: "لم يأتِ هذا التأكيد من صفحة في بروميد: لم يتغير شيء. افتح الرابط الوارد في بريدك مرة أخرى.",
    signIn: "تسجيل الدخول",
    back: "العودة إلى بروميد",
    verifyTitle: "أكّد عنوان بريدك الإلكتروني",
    verifyAsk: "أكّد أن هذا العنوان عنوانك: ستصله حينها تذكيراتك وإشعاراتك.",
    verifyConfirm: "تأكيد عنواني",
    verified: "تم: تأكّد عنوان بريدك الإلكتروني.",
    verifyInvalid: "لم يعد هذا الرابط صالحًا: استُخدم من قبل، أو انتهت صلاحيته، أو حلّ محله رابط أحدث.",
  },
} as const

const langOf = (c: Context<AppEnv>): LoginLang => mailLanguageOf(c)

function page(c: Context<AppEnv>, status: 200 | 400 | 403 | 409, body: (t: (typeof TEXTS)[LoginLang]) => string, title: "title" | "verifyTitle" = "title") {
  const lang = langOf(c)
  const t = TEXTS[lang]
  c.header("Cache-Control", "no-store")
  return c.html(renderAuthPage(lang, t[title], body(t)), status)
}

const message = (text: string, role: "alert" | "status" = "alert") => `<p class="${role === "alert" ? "error" : ""}" role="${role}">${text}</p>`

/**
 * The link of an email change (/auth/confirm-email?token=…) opens a page whose button confirms:
 * mail scanners that open links must not change anyone's address, so the change is a POST.
 */
export function emailConfirmationRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/confirm-email", async (c) => {
    const token = c.req.query("token") ?? ""
    if (!(await isEmailChangeOpen(c.get("deps").db, token))) return page(c, 400, (t) => `${message(t.invalid)}<p><a href="/">${t.back}</a></p>`)
    return page(
      c,
      200,
      (t) => `<p>${t.ask}</p>
  <form method="post" action="/auth/confirm-email">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <button type="submit">${t.confirm}</button>
  </form>`,
    )
  })

  app.post("/confirm-email", async (c) => {
    if (!isSameOriginPost(c)) return page(c, 403, (t) => message(t.crossSite))
    const form = await c.req.parseBody()
    const token = typeof form.token === "string" ? form.token : ""
    const outcome = await confirmEmailChange(c.get("deps").db, token)
    if (!outcome.ok) return page(c, outcome.reason === "taken" ? 409 : 400, (t) => `${message(t[outcome.reason])}<p><a href="/">${t.back}</a></p>`)
    // An old address never verified gets nothing (issue 38): it may have been anyone's.
    if (outcome.oldEmailVerified) {
      await sendAccountMails(c, [
        {
          kind: "emailChanged",
          userId: outcome.userId,
          to: outcome.oldEmail,
          values: { firstName: outcome.firstName, address: maskedAddress(outcome.newEmail) },
        },
      ])
    }
    return page(c, 200, (t) => `${message(t.done(escapeHtml(outcome.newEmail)), "status")}<p><a href="/auth/login">${t.signIn}</a></p>`)
  })

  // The link of a new account's address (issue 38), confirmed by a POST for the same reason.
  app.get("/verify-email", async (c) => {
    const token = c.req.query("token") ?? ""
    const { db, clock } = c.get("deps")
    if (!(await isEmailLinkOpen(db, token, clock()))) return page(c, 400, (t) => `${message(t.verifyInvalid)}<p><a href="/">${t.back}</a></p>`, "verifyTitle")
    return page(
      c,
      200,
      (t) => `<p>${t.verifyAsk}</p>
  <form method="post" action="/auth/verify-email">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <button type="submit">${t.verifyConfirm}</button>
  </form>`,
      "verifyTitle",
    )
  })

  app.post("/verify-email", async (c) => {
    if (!isSameOriginPost(c)) return page(c, 403, (t) => message(t.crossSite), "verifyTitle")
    const form = await c.req.parseBody()
    const token = typeof form.token === "string" ? form.token : ""
    const { db, clock } = c.get("deps")
    if (!(await confirmEmailLink(db, token, clock()))) return page(c, 400, (t) => `${message(t.verifyInvalid)}<p><a href="/">${t.back}</a></p>`, "verifyTitle")
    return page(c, 200, (t) => `${message(t.verified, "status")}<p><a href="/">${t.back}</a></p>`, "verifyTitle")
  })

  return app
}
