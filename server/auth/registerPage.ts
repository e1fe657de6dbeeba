import { escapeHtml, renderAuthPage } from "./authPage.ts"
import type { LoginLang } from "./loginPage.ts"

/** Texts and markup of the patient sign-up page of the login site: server-rendered, no script. */
const TEXTS = {
  fr: {
    title: "Créer un compte patient",
    intro: "Créez votre compte pour prendre rendez-vous en ligne.",
    firstName: "Prénom",
    lastName: "Nom",
    email: "Adresse e-mail",
    phone: "Téléphone",
    phoneHint: "Par exemple +221 77 123 45 67 ou +235 66 12 34 56. Un numéro local à 9 chiffres reçoit +221, à 8 chiffres +235.",
    password: "Mot de passe",
    passwordHint: "Au moins 8 caractères, avec une minuscule, une majuscule, un chiffre et un caractère parmi @$!%*?& (rien d'autre).",
    passwordConfirm: "Confirmer le mot de passe",
    terms: "J'accepte les conditions d'utilisation et la politique de confidentialité",
    termsLink: "Lire les conditions",
    submit: "Créer mon compte",
    haveAccount: "Déjà un compte ? Se connecter",
    fix: "Veuillez corriger les points suivants.",
    taken: "Un compte existe déjà avec cette adresse. Connectez-vous ou utilisez une autre adresse.",
    tooManyFromNetwork: "Trop d'inscriptions depuis cette connexion. Réessayez dans une heure au plus.",
    tooManyForPhone: "Ce numéro a servi à trop d'inscriptions aujourd'hui. Réessayez dans 24 heures au plus, ou indiquez un autre numéro.",
    crossSite: "Ce formulaire ne venait pas de la page d'inscription de Promed : aucun compte n'a été créé.",
    messages: {
      required: "Ce champ est obligatoire",
      firstNameRequired: "Le prénom est obligatoire",
      lastNameRequired: "Le nom est obligatoire",
      emailRequired: "L'e-mail est obligatoire",
      emailInvalid: "Adresse e-mail invalide",
      emailDots: "Un point ne peut ni commencer ni finir l'adresse ou son domaine, ni être doublé",
      emailMixedScripts: "La partie avant @ doit être écrite dans un seul alphabet, et le domaine en lettres latines (ou en punycode)",
      phoneRequired: "Le téléphone est obligatoire",
      phoneInvalid: "Format de téléphone invalide",
      phoneSignUpLimit: "Trop d'inscriptions avec ce numéro aujourd'hui",
      passwordMin: "Le mot de passe doit contenir au moins 8 caractères",
      passwordLowercase: "Le mot de passe doit contenir une minuscule",
      passwordUppercase: "Le mot de passe doit contenir une majuscule",
      passwordDigit: "Le mot de passe doit contenir un chiffre",
      passwordSpecial: "Le mot de passe doit contenir un caractère parmi @$!%*?&",
      passwordAlphabet: "Seuls les lettres, les chiffres et @$!%*?& sont autorisés",
      passwordsDoNotMatch: "Les mots de passe ne correspondent pas",
      termsRequired: "Vous devez accepter les conditions",
      tooLong: "Ce texte est trop long",
      nameEmoji: "Un nom ne peut pas contenir d'émoji",
      invalid: "Valeur invalide",
    },
  },
  en: {
    title: "Create a patient account",
    intro: "Create your account to book appointments online.",
    firstName: "First name",
    lastName: "Last name",
    email: "Email address",
    phone: "Phone",
    phoneHint: "For example +221 77 123 45 67 or +235 66 12 34 56. A 9-digit local number gets +221, an 8-digit one +235.",
    password: "Password",
    passwordHint: "At least 8 characters, with a lowercase letter, an uppercase letter, a digit and one of @$!%*?& (nothing else).",
    passwordConfirm: "Confirm the password",
    terms: "I accept the terms of use and the privacy policy",
    termsLink: "Read the terms",
    submit: "Create my account",
    haveAccount: "Already have an account? Sign in",
    fix: "Please correct the following.",
    taken: "An account already exists with this address. Sign in or use another address.",
    tooManyFromNetwork: "Too many sign-ups from this connection. Try again within an hour.",
    tooManyForPhone: "This phone number has been used for too many sign-ups today. Try again within 24 hours, or give another number.",
    crossSite: "This form did not come from the Promed sign-up page, so no account was created.",
    messages: {
      required: "This field is required",
      firstNameRequired: "First name is required",
      lastNameRequired: "Last name is required",
      emailRequired: "Email is required",
      emailInvalid: "Invalid email address",
      emailDots: "A dot cannot start or end the address or its domain, nor be doubled",
      emailMixedScripts: "The part before @ must be written in a single alphabet, and the domain in Latin letters (or punycode)",
      phoneRequired: "Phone is required",
      phoneInvalid: "Invalid phone format",
      phoneSignUpLimit: "Too many sign-ups with this number today",
      passwordMin: "Password must contain at least 8 characters",
      passwordLowercase: "Password must contain a lowercase letter",
      passwordUppercase: "Password must contain an uppercase letter",
      passwordDigit: "Password must contain a digit",
      passwordSpecial: "Password must contain one special character from @$!%*?&",
      passwordAlphabet: "Only letters, digits and @$!%*?& are allowed",
      passwordsDoNotMatch: "Passwords do not match",
      termsRequired: "You must accept the terms",
      tooLong: "This text is too long",
      nameEmoji: "A name cannot contain emoji",
      invalid: "Invalid value",
    },
  },
  ar: {
    title: "إنشاء حساب مريض",
    intro: "أنشئ حسابك لحجز المواعيد عبر الإنترنت.",
    firstName: "الاسم الأول",
    lastName: "اسم العائلة",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    phoneHint: `مثلًا <bdi dir="ltr">+221 77 123 45 67</bdi> أو <bdi dir="ltr">+235 66 12 34 56</bdi>. يُضاف <bdi dir="ltr">+221</bdi> إلى الرقم المحلي المكوّن من 9 أرقام و<bdi dir="ltr">+235</bdi> إلى المكوّن من 8 أرقام.`,
    password: "كلمة المرور",
    passwordHint: `8 أحرف على الأقل، منها حرف صغير وحرف كبير ورقم وأحد الرموز <bdi dir="ltr">@$!%*?&</bdi> (ولا شيء غيرها).`,
    passwordConfirm: "تأكيد كلمة المرور",
    terms: "أوافق على شروط الاستخدام وسياسة الخصوصية",
    termsLink: "قراءة الشروط",
    submit: "إنشاء حسابي",
    haveAccount: "لديك حساب؟ سجّل الدخول",
    fix: "يرجى تصحيح ما يلي.",
    taken: "يوجد حساب بهذا البريد الإلكتروني. سجّل الدخول أو استخدم بريدًا آخر.",
    tooManyFromNetwork: "عمليات تسجيل كثيرة من هذا الاتصال. أعد المحاولة خلال ساعة على الأكثر.",
    tooManyForPhone: "استُخدم رقم الهاتف هذا في عمليات تسجيل كثيرة اليوم. أعد المحاولة خلال يوم على الأكثر، أو أدخل رقمًا آخر.",
    crossSite: "لم يأتِ هذا النموذج من صفحة التسجيل في بروميد، لذا لم يُنشأ أي حساب.",
    messages: {
      required: "هذا الحقل مطلوب",
      firstNameRequired: "الاسم الأول مطلوب",
      lastNameRequired: "اسم العائلة مطلوب",
      emailRequired: "البريد الإلكتروني مطلوب",
      emailInvalid: "بريد إلكتروني غير صالح",
      emailDots: "لا يمكن أن تبدأ النقطة العنوان أو نطاقه أو تنهيهما، ولا أن تتكرر",
      emailMixedScripts: "يجب أن يُكتب الجزء الذي قبل @ بأبجدية واحدة، والنطاق بحروف لاتينية (أو بترميز punycode)",
      phoneRequired: "الهاتف مطلوب",
      phoneInvalid: "صيغة الهاتف غير صالحة",
      phoneSignUpLimit: "عمليات تسجيل كثيرة بهذا الرقم اليوم",
      passwordMin: "يجب أن تحتوي كلمة المرور على 8 أحرف على الأقل",
      passwordLowercase: "يجب أن تحتوي كلمة المرور على حرف صغير",
      passwordUppercase: "يجب أن تحتوي كلمة المرور على حرف كبير",
      passwordDigit: "يجب أن تحتوي كلمة المرور على رقم",
      passwordSpecial: "يجب أن تحتوي كلمة المرور على أحد الرموز ⁦@$!%*?&⁩",
      passwordAlphabet: "لا يُسمح إلا بالحروف والأرقام والرموز ⁦@$!%*?&⁩",
      passwordsDoNotMatch: "كلمتا المرور غير متطابقتين",
      termsRequired: "يجب أن توافق على الشروط",
      tooLong: "هذا النص طويل جدًا",
      nameEmoji: "لا يمكن أن يحتوي الاسم على رموز تعبيرية",
      invalid: "قيمة غير صالحة",
    },
  },
} as const

export type RegisterError = "taken" | "tooManyFromNetwork" | "tooManyForPhone" | "crossSite" | "fix"
type MessageKey = keyof (typeof TEXTS)["fr"]["messages"]

/** The page's text for a schema's message key (`validation.passwordMin`). */
const messageOf = (lang: LoginLang, key: string): string => {
  const name = key.replace(/^validation\./, "") as MessageKey
  return TEXTS[lang].messages[name] ?? TEXTS[lang].messages.invalid
}

export interface RegisterValues {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
}

/** The sign-up form, with what was typed (never the passwords) and an error per field. */
export function renderRegisterPage(options: {
  lang: LoginLang
  returnTo: string
  values?: RegisterValues
  termsAccepted?: boolean
  error?: RegisterError
  fields?: ReadonlyArray<{ name: string; message: string }>
}): string {
  const { lang, returnTo } = options
  const t = TEXTS[lang]
  const values = options.values ?? { firstName: "", lastName: "", email: "", phoneNumber: "" }
  const errorOf = (name: string) => options.fields?.find((f) => f.name === name)
  const described = (name: string, hint?: boolean) => {
    const ids = [hint ? `${name}-hint` : "", errorOf(name) ? `${name}-error` : ""].filter(Boolean).join(" ")
    return `${ids ? ` aria-describedby="${ids}"` : ""}${errorOf(name) ? ' aria-invalid="true"' : ""}`
  }
  const error = (name: string) => {
    const f = errorOf(name)
    return f ? `<p class="field-error" id="${name}-error">${escapeHtml(messageOf(lang, f.message))}</p>` : ""
  }
  const text = (name: keyof RegisterValues, label: string, type: string, autocomplete: string, extra = "") =>
    `<label for="${name}">${label}</label>
    <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(values[name])}"${extra}${described(name, name === "phoneNumber")}>
    ${name === "phoneNumber" ? `<p class="hint" id="phoneNumber-hint">${t.phoneHint}</p>` : ""}${error(name)}`
  const langLink = (l: LoginLang, label: string) =>
    l === lang
      ? `<strong aria-current="true">${label}</strong>`
      : `<a href="/auth/register?lang=${l}&amp;returnTo=${encodeURIComponent(returnTo)}" hreflang="${l}" lang="${l}">${label}</a>`
  const nav = `<nav class="langs" aria-label="Language">${langLink("fr", "FR")} · ${langLink("en", "EN")} · ${langLink("ar", "AR")}</nav>
  `
  const alert = options.error ? `<p class="error" role="alert">${t[options.error]}</p>` : ""
  const main = `<p>${t.intro}</p>
  ${alert}
  <form method="post" action="/auth/register" novalidate>
    <input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
    <input type="hidden" name="lang" value="${lang}">
    ${text("firstName", t.firstName, "text", "given-name", ' maxlength="100"')}
    ${text("lastName", t.lastName, "text", "family-name", ' maxlength="100"')}
    ${text("email", t.email, "email", "email", ' maxlength="254"')}
    ${text("phoneNumber", t.phone, "tel", "tel", ' maxlength="20" dir="ltr"')}
    <label for="password">${t.password}</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required maxlength="128"${described("password", true)}>
    <p class="hint" id="password-hint">${t.passwordHint}</p>${error("password")}
    <label for="passwordConfirm">${t.passwordConfirm}</label>
    <input id="passwordConfirm" name="passwordConfirm" type="password" autocomplete="new-password" required maxlength="128"${described("passwordConfirm")}>
    ${error("passwordConfirm")}
    <p class="check"><input id="acceptTerms" name="acceptTerms" type="checkbox" value="on"${options.termsAccepted ? " checked" : ""}${described("acceptTerms")}>
    <label for="acceptTerms">${t.terms}</label></p>
    <p><a href="/terms">${t.termsLink}</a></p>${error("acceptTerms")}
    <button type="submit">${t.submit}</button>
  </form>
  <p><a href="/auth/login?lang=${lang}&amp;returnTo=${encodeURIComponent(returnTo)}">${t.haveAccount}</a></p>`
  return renderAuthPage(lang, t.title, main, nav)
}
