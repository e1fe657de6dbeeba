import { MAIL_FROM, type Mail, type MailLanguage } from "./contactMail.ts"

/**
 * The mails an email change sends: the link to the new address, or a notice there when it is taken,
 * and notices to the old one. Only the old address is the account's own: the mails to the new one
 * carry nothing the sender typed, not even the account's name.
 */
export type AccountMailKind = "emailChangeLink" | "emailChangeTaken" | "emailChangeRequested" | "emailChanged" | "emailVerification"

/** The mails that prove an address (issue 38): the only ones an address not verified yet may get. */
export const VERIFICATION_MAIL_KINDS: ReadonlyArray<AccountMailKind> = ["emailVerification", "emailChangeLink"]

interface MailText {
  readonly subject: string
  readonly body: (v: { firstName: string; link: string; address: string }) => string
}

const SIGNATURE: Record<MailLanguage, string> = { fr: "L'équipe Promed", en: "The Promed team", ar: "فريق بروميد" }

const TEXTS: Record<MailLanguage, Record<AccountMailKind, MailText>> = {
  fr: {
    emailChangeLink: {
      subject: "Confirmez votre nouvelle adresse e-mail Promed",
      body: (v) =>
        `Bonjour,\n\nVous avez demandé à vous connecter à Promed avec cette adresse. Ouvrez ce lien dans les 24 heures pour la confirmer :\n\n${v.link}\n\nSi vous n'avez rien demandé, ignorez ce message : rien ne changera.`,
    },
    emailChangeTaken: {
      subject: "Cette adresse a déjà un compte Promed",
      body: () =>
        "Bonjour,\n\nQuelqu'un a demandé à utiliser cette adresse pour se connecter à Promed, mais un compte l'utilise déjà. Si c'était vous, connectez-vous simplement avec cette adresse. Sinon, ignorez ce message : rien n'a changé.",
    },
    emailChangeRequested: {
      subject: "Changement de votre adresse de connexion Promed",
      body: (v) =>
        `Bonjour ${v.firstName},\n\nUn changement de votre adresse de connexion vers ${v.address} a été demandé. Il ne prendra effet que lorsque le lien envoyé à cette adresse sera ouvert.\n\nSi ce n'était pas vous, changez votre mot de passe dès maintenant.`,
    },
    emailChanged: {
      subject: "Votre adresse de connexion Promed a changé",
      body: (v) =>
        `Bonjour ${v.firstName},\n\nVous vous connectez désormais à Promed avec ${v.address}.\n\nSi ce n'était pas vous, écrivez-nous sans attendre en répondant à ce message.`,
    },
    emailVerification: {
      subject: "Confirmez votre adresse e-mail Promed",
      body: (v) =>
        `Bonjour,\n\nUn compte Promed a été créé avec cette adresse. Ouvrez ce lien dans les 24 heures pour la confirmer ; d'ici là, elle ne reçoit aucun rappel :\n\n${v.link}\n\nSi vous n'avez rien demandé, ignorez ce message : cette adresse ne recevra rien d'autre.`,
    },
  },
  en: {
    emailChangeLink: {
      subject: "Confirm your new Promed email address",
      body: (v) =>
        `Hello,\n\nYou asked to sign in to Promed with this address. Open this link within 24 hours to confirm it:\n\n${v.link}\n\nIf you did not ask for this, ignore this message: nothing will change.`,
    },
    emailChangeTaken: {
      subject: "This address already has a Promed account",
      body: () =>
        "Hello,\n\nSomeone asked to use this address to sign in to Promed, but an account already uses it. If it was you, simply sign in with this address. Otherwise, ignore this message: nothing has changed.",
    },
    emailChangeRequested: {
      subject: "Change of your Promed sign-in address",
      body: (v) =>
        `Hello ${v.firstName},\n\nA change of your sign-in address to ${v.address} was requested. It takes effect only once the link sent to that address is opened.\n\nIf this was not you, change your password now.`,
    },
    emailChanged: {
      subject: "Your Promed sign-in address has changed",
      body: (v) => `Hello ${v.firstName},\n\nYou now sign in to Promed with ${v.address}.\n\nIf this was not you, reply to this message at once.`,
    },
    emailVerification: {
      subject: "Confirm your Promed email address",
      body: (v) =>
        `Hello,\n\nA Promed account was created with this address. Open this link within 24 hours to confirm it; until then it gets no reminders:\n\n${v.link}\n\nIf you did not ask for this, ignore this message: this address will get nothing else.`,
    },
  },
  ar: {
    emailChangeLink: {
      subject: "أكّد عنوان بريدك الإلكتروني الجديد في بروميد",
      body: (v) =>
        `مرحبًا،\n\nطلبتَ تسجيل الدخول إلى بروميد بهذا العنوان. افتح هذا الرابط خلال 24 ساعة لتأكيده:\n\n${v.link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة: لن يتغير شيء.`,
    },
    emailChangeTaken: {
      subject: "لهذا العنوان حساب في بروميد بالفعل",
      body: () =>
        "مرحبًا،\n\nطلب أحدهم استخدام هذا العنوان لتسجيل الدخول إلى بروميد، لكن حسابًا يستخدمه بالفعل. إن كنت أنت فسجّل الدخول بهذا العنوان. وإلا فتجاهل هذه الرسالة: لم يتغير شيء.",
    },
    emailChangeRequested: {
      subject: "تغيير عنوان تسجيل الدخول إلى بروميد",
      body: (v) =>
        `مرحبًا ${v.firstName}،\n\nطُلب تغيير عنوان تسجيل دخولك إلى ‎${v.address}‎. لن يسري التغيير إلا بعد فتح الرابط المرسل إلى ذلك العنوان.\n\nإن لم تكن أنت فغيّر كلمة المرور الآن.`,
    },
    emailChanged: {
      subject: "تغيّر عنوان تسجيل دخولك إلى بروميد",
      body: (v) => `مرحبًا ${v.firstName}،\n\nأصبحت تسجّل الدخول إلى بروميد بالعنوان ‎${v.address}‎.\n\nإن لم تكن أنت فردّ على هذه الرسالة فورًا.`,
    },
    emailVerification: {
      subject: "أكّد عنوان بريدك الإلكتروني في بروميد",
      body: (v) =>
        `مرحبًا،\n\nأُنشئ حساب في بروميد بهذا العنوان. افتح هذا الرابط خلال 24 ساعة لتأكيده؛ وحتى ذلك الحين لن تصله أي تذكيرات:\n\n${v.link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة: لن يصل هذا العنوان شيء آخر.`,
    },
  },
}

/**
 * An address shown in a notice to someone who may not be its holder: enough to recognise it,
 * not enough to collect it (a***@example.sn).
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf("@")
  if (at < 1) return "***"
  return `${email[0]}***${email.slice(at)}`
}

/** One account mail in the reader's language; the reply goes to the contact address. */
export function composeAccountMail(
  kind: AccountMailKind,
  lang: MailLanguage,
  to: string,
  values: { firstName?: string; link?: string; address?: string },
  replyTo: string,
): Mail {
  const text = TEXTS[lang][kind]
  const body = text.body({ firstName: values.firstName ?? "", link: values.link ?? "", address: values.address ?? "" })
  return { from: MAIL_FROM, to, replyTo, subject: text.subject, text: `${body}\n\n${SIGNATURE[lang]}\n` }
}
