import type { contactMessages } from "../db/schema.ts"

export type MailLanguage = "fr" | "en" | "ar"

export interface Mail {
  readonly from: string
  readonly to: string
  readonly replyTo: string
  readonly subject: string
  readonly text: string
}

export const MAIL_FROM = "Promed <no-reply@promed.sn>"

const LABELS: Record<
  MailLanguage,
  { intro: string; name: string; role: string; email: string; phone: string; message: string; none: string; roles: Record<string, string> }
> = {
  fr: {
    intro: "Nouveau message reçu par le formulaire de contact de Promed.",
    name: "Nom",
    role: "Profil",
    email: "E-mail",
    phone: "Téléphone",
    message: "Message",
    none: "non renseigné",
    roles: {
      PATIENT: "Patient",
      DOCTOR: "Médecin",
      HEALTH_CENTER_MANAGER: "Gestionnaire d'établissement",
      POTENTIAL_PARTNER: "Partenaire potentiel",
      OTHER: "Autre",
    },
  },
  en: {
    intro: "New message from the Promed contact form.",
    name: "Name",
    role: "Role",
    email: "Email",
    phone: "Phone",
    message: "Message",
    none: "not given",
    roles: { PATIENT: "Patient", DOCTOR: "Doctor", HEALTH_CENTER_MANAGER: "Health centre manager", POTENTIAL_PARTNER: "Potential partner", OTHER: "Other" },
  },
  ar: {
    intro: "رسالة جديدة من نموذج الاتصال في Promed.",
    name: "الاسم",
    role: "الصفة",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    message: "الرسالة",
    none: "غير مذكور",
    roles: { PATIENT: "مريض", DOCTOR: "طبيب", HEALTH_CENTER_MANAGER: "مدير مؤسسة صحية", POTENTIAL_PARTNER: "شريك محتمل", OTHER: "أخرى" },
  },
}

const isMailLanguage = (lang: string): lang is MailLanguage => lang === "fr" || lang === "en" || lang === "ar"

/** The "contact-form" template: a plain-text mail to the team, replying goes to the visitor. */
export function composeContactMail(row: typeof contactMessages.$inferSelect, to: string): Mail {
  const l = LABELS[isMailLanguage(row.lang) ? row.lang : "fr"]
  const text = [
    l.intro,
    "",
    `${l.name} : ${row.firstName} ${row.lastName}`,
    `${l.role} : ${l.roles[row.role] ?? row.role}`,
    `${l.email} : ${row.email}`,
    `${l.phone} : ${row.phone ?? l.none}`,
    "",
    `${l.message} :`,
    row.message,
  ].join("\n")
  return { from: MAIL_FROM, to, replyTo: row.email, subject: `[Promed] ${row.subject}`.replace(/[\r\n]+/g, " "), text }
}
