import { Hono } from "hono"
import * as verification from "../../schemas/contracts/verification.ts"
import { PHONE_CODE, VERIFICATION_MESSAGES } from "../../schemas/verification.ts"
import { mailLanguageOf } from "../accounts/emailChange.ts"
import { route } from "../http/contract.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { confirmPhoneCode } from "../verification/codes.ts"
import { sendPhoneCode } from "../verification/send.ts"

const TEXTS = {
  triesOver: `${PHONE_CODE.tries} wrong codes: this code no longer works; ask for a new one`,
  expired: `This code is more than ${PHONE_CODE.ttlMinutes} minutes old; ask for a new one`,
  none: "No code is waiting for this number; ask for one",
} as const

/** The caller's own contacts (issue 38): a code to prove their phone number, and its check. */
export function verificationRoutes() {
  const app = new Hono<AppEnv>()

  route(app, verification.sendPhoneCode, {
    handle: ({ c, caller }) => sendPhoneCode(c, caller.userId, mailLanguageOf(c)),
  })

  route(app, verification.confirmPhoneCode, {
    handle: async ({ c, caller, body }) => {
      const { db, clock } = c.get("deps")
      const check = await confirmPhoneCode(db, caller.userId, body.code, clock())
      switch (check.outcome) {
        case "verified":
          return { phoneVerified: true as const }
        case "wrong":
          throw new ApiError(
            "BUSINESS_ERROR",
            `Wrong code: ${check.triesLeft} tries left`,
            [
              { name: "code", message: VERIFICATION_MESSAGES.wrongCode },
              { name: "triesLeft", message: String(check.triesLeft) },
            ],
            422,
          )
        case "triesOver":
          throw new ApiError("BUSINESS_ERROR", TEXTS.triesOver, [{ name: "code", message: VERIFICATION_MESSAGES.triesOver }], 422)
        case "expired":
          throw new ApiError("BUSINESS_ERROR", TEXTS.expired, [{ name: "code", message: VERIFICATION_MESSAGES.expired }], 422)
        case "none":
          throw new ApiError("BUSINESS_ERROR", TEXTS.none, [{ name: "code", message: VERIFICATION_MESSAGES.noCode }], 422)
      }
    },
  })

  return app
}
