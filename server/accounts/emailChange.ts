import type { Context } from "hono"
import { getCookie } from "hono/cookie"
import type { MailLanguage } from "../email/contactMail.ts"
import { setRetryAfter, verifyCurrentPassword } from "../auth/credentialChecks.ts"
import { composeAccountMail, maskedAddress, type AccountMailKind } from "../email/accountMail.ts"
import { accountMailSender, countAccountMails, deliverAccountMails, enqueueAccountMail } from "../email/accountOutbox.ts"
import { linkOrigin } from "../config.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError, validationError } from "../http/errors.ts"
import { requestEmailChange } from "../repositories/emailChanges.ts"
import type { UserId } from "../../schemas/ids.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"

/** Links mailed to new addresses per user and day: enough for typos, not enough to mail strangers at will. */
export const EMAIL_CHANGES_PER_DAY = 5
const DAY_MS = 24 * 3600_000

/** The language of the app the request came from (the SPA mirrors it in a cookie), French by default. */
export function mailLanguageOf(c: Context<AppEnv>): MailLanguage {
  const lang = getCookie(c, "promed_lang")
  return lang === "en" || lang === "ar" ? lang : "fr"
}

/** Queues mails and sends them after the answer, so a slow mail server never holds the user's save. */
export async function sendAccountMails(
  c: Context<AppEnv>,
  mails: ReadonlyArray<{ kind: AccountMailKind; userId: UserId; to: string; values: Parameters<typeof composeAccountMail>[3] }>,
) {
  const { db, config } = c.get("deps")
  const lang = mailLanguageOf(c)
  const ids: string[] = []
  for (const m of mails) ids.push(await enqueueAccountMail(db, m.kind, m.userId, composeAccountMail(m.kind, lang, m.to, m.values, config.mailTo)))
  void deliverAccountMails(db, ids, accountMailSender(config), config.mailTo, c.get("deps").clock()).catch((error: unknown) =>
    scoped("email").warn({ mails: ids.length, error: errorFacts(error).name }, "account mails not delivered; their jobs try again"),
  )
}

/**
 * A signed-in user asks to sign in with another address. It takes their current password (under
 * the sign-in limits) and becomes theirs only when the link mailed there is opened. Whether the
 * address already had an account is never told to the caller: that holder gets a notice instead
 * of a link. The old address is told of the request.
 */
export async function startEmailChange(
  c: Context<AppEnv>,
  user: { id: UserId; email: string; firstName: string },
  newEmail: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw validationError([{ name: "currentPassword", message: "validation.currentPasswordRequired" }])
  await verifyCurrentPassword(c, user.id, currentPassword, "currentPassword")
  const { db, config } = c.get("deps")
  if ((await countAccountMails(db, user.id, ["emailChangeLink", "emailChangeTaken"], new Date(Date.now() - DAY_MS))) >= EMAIL_CHANGES_PER_DAY) {
    setRetryAfter(c, DAY_MS)
    throw new ApiError("BUSINESS_ERROR", "Too many address changes today", [{ name: "email", message: "validation.tooManyEmailChanges" }], 429)
  }
  const change = await requestEmailChange(db, user.id, newEmail)
  const link = change.token ? `${linkOrigin(config)}/auth/confirm-email?token=${change.token}` : ""
  await sendAccountMails(c, [
    change.token
      ? // The new address may be anyone's: its mail greets nobody by a name the sender typed.
        { kind: "emailChangeLink", userId: user.id, to: change.newEmail, values: { link } }
      : { kind: "emailChangeTaken", userId: user.id, to: change.newEmail, values: {} },
    { kind: "emailChangeRequested", userId: user.id, to: user.email, values: { firstName: user.firstName, address: maskedAddress(change.newEmail) } },
  ])
}
