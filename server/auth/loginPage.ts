import { languageOfTag } from "../../src/i18n/languages.ts"
import { escapeHtml, renderAuthPage } from "./authPage.ts"

/** Texts and markup of the login site: a small server-rendered page with no script at all. */
export type LoginLang = "fr" | "en" | "ar"

const TEXTS = {
  fr: {
    title: "Connexion à Promed",
    intro: "Connectez-vous pour prendre et gérer vos rendez-vous.",
    email: "Adresse e-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    back: "Retour à Promed",
    badCredentials: "E-mail ou mot de passe incorrect.",
    tooMany: "Trop de tentatives. Réessayez dans 15 minutes.",
    missing: "Saisissez votre e-mail et votre mot de passe.",
    crossSite: "Ce formulaire ne venait pas de la page de connexion de Promed : personne n'a été connecté. Connectez-vous ci-dessous si vous le souhaitez.",
    demo: "Comptes de démonstration (mot de passe Passw0rd!)",
    demonstration: "Démonstration : les comptes de démonstration partagent le mot de passe publié.",
    register: "Pas encore de compte ? Créer un compte patient",
  },
  en: {
    title: "Sign in to Promed",
    intro: "Sign in to book and manage your appointments.",
    email: "Email address",
    password: "Password",
    submit: "Sign in",
    back: "Back to Promed",
    badCredentials: "Incorrect email or password.",
    tooMany: "Too many attempts. Try again in 15 minutes.",
    missing: "Enter your email and password.",
    crossSite: "This form did not come from the Promed sign-in page, so nobody was signed in. Sign in below if you wish.",
    demo: "Demo accounts (password Passw0rd!)",
    demonstration: "Demonstration: the demo accounts share the published password.",
    register: "No account yet? Create a patient account",
  },
  ar: {
    title: "تسجيل الدخول إلى بروميد",
    intro: "سجّل الدخول لحجز مواعيدك وإدارتها.",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    submit: "تسجيل الدخول",
    back: "العودة إلى بروميد",
    badCredentials: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
    tooMany: "محاولات كثيرة. أعد المحاولة بعد 15 دقيقة.",
    missing: "أدخل بريدك الإلكتروني وكلمة المرور.",
    crossSite: "لم يأتِ هذا النموذج من صفحة تسجيل الدخول في بروميد، لذا لم يُسجَّل دخول أي أحد. سجّل الدخول أدناه إن أردت.",
    demo: "حسابات تجريبية (كلمة المرور Passw0rd!)",
    demonstration: "نسخة تجريبية: الحسابات التجريبية تشترك في كلمة المرور المنشورة.",
    register: "ليس لديك حساب؟ أنشئ حساب مريض",
  },
} as const

export type LoginError = "badCredentials" | "tooMany" | "missing" | "crossSite"

/** Whether the login site's language was chosen by the user (`chosen=1`, set by its own links and by the app), not a default. */
export const parseLangChosen = (value: string | undefined): boolean => value === "1"

/** The login site's language from its `lang` parameter, read as the app reads it (any case, a region set aside), else French. */
export const parseLoginLang = (value: string | undefined): LoginLang => languageOfTag(value) ?? "fr"

/** The login page, in the login site's frame (authPage.ts: no script, same-origin referrer policy). */
export function renderLoginPage(options: {
  lang: LoginLang
  /** The language was chosen (a link of this page, or the app in a language of the user's): it wins over the account's saved one. */
  langChosen?: boolean
  returnTo: string
  email?: string
  error?: LoginError
  demoAccounts: ReadonlyArray<string>
  /** This server runs on demo data (DEMO_DATA): the page says so above the form. */
  demonstration: boolean
}): string {
  const t = TEXTS[options.lang]
  const { lang, returnTo } = options
  const langLink = (l: LoginLang, label: string) =>
    l === lang
      ? `<strong aria-current="true">${label}</strong>`
      : `<a href="/auth/login?lang=${l}&amp;chosen=1&amp;returnTo=${encodeURIComponent(returnTo)}" hreflang="${l}" lang="${l}">${label}</a>`
  const demo = options.demoAccounts.length
    ? `<details class="demo"><summary>${t.demo}</summary><ul>${options.demoAccounts
        .map((a) => `<li><code>${escapeHtml(a)}</code></li>`)
        .join("")}</ul></details>`
    : ""
  const nav = `<nav class="langs" aria-label="Language">${langLink("fr", "FR")} · ${langLink("en", "EN")} · ${langLink("ar", "AR")}</nav>
  `
  const demonstration = options.demonstration ? `<p class="demonstration" role="note">${t.demonstration}</p>` : ""
  const main = `${demonstration}
  <p>${t.intro}</p>
  ${options.error ? `<p class="error" role="alert">${t[options.error]}</p>` : ""}
  <form method="post" action="/auth/login">
    <input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
    <input type="hidden" name="lang" value="${lang}">
    ${options.langChosen ? '<input type="hidden" name="langChosen" value="1">' : ""}
    <label for="email">${t.email}</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? "")}">
    <label for="password">${t.password}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">${t.submit}</button>
  </form>
  <p><a href="/auth/register?lang=${lang}&amp;returnTo=${encodeURIComponent(returnTo)}">${t.register}</a></p>
  <p><a href="${escapeHtml(returnTo)}">${t.back}</a></p>
  ${demo}`
  return renderAuthPage(lang, t.title, main, nav)
}

export const LOGIN_CSS = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif;background:#eef4f7;color:#10233a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(16,35,58,.12);padding:24px;width:100%;max-width:400px}
.brand{font-weight:800;color:#0b6e8c;font-size:1.4rem;margin:0}h1{font-size:1.3rem;margin:.4rem 0}
label{display:block;font-weight:600;margin-top:12px}input{width:100%;padding:12px;border:1px solid #8aa0b4;border-radius:8px;font-size:1rem;margin-top:4px}
button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:8px;background:#0b6e8c;color:#fff;font-size:1rem;font-weight:700;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.error{background:#fde8e8;color:#8a1c1c;padding:10px;border-radius:8px}.langs{text-align:end}a{color:#0b6e8c}.demo{margin-top:12px;font-size:.9rem}.demonstration{background:#fff4d6;color:#5c4200;padding:10px;border-radius:8px}
.hint{font-size:.85rem;color:#4d6275;margin:4px 0 0}.hint bdi{white-space:nowrap}.field-error{color:#8a1c1c;font-size:.9rem;margin:4px 0 0}
.check{display:flex;gap:8px;align-items:flex-start;margin-top:16px}.check input{width:24px;height:24px;margin:0;flex:none}.check label{margin:0;font-weight:400}
`
