import { endpoint } from "../contract.ts"
import { PhoneCodeConfirmRequest, PhoneCodeSent, PhoneVerified } from "../verification.ts"

/*
 * Verified contacts (issue 38): the signed-in patient proves their phone number with a code sent
 * to it by SMS. Handlers: server/routes/verification.ts; client: src/api/verification.ts. The
 * address is proved by the link of its mail (/auth/verify-email, outside /api/v1).
 */

/** Sends a code to the caller's number: 429 with Retry-After within a minute of the last, past 5 a day, or past the number's hourly cap. */
export const sendPhoneCode = endpoint({
  method: "POST",
  path: "/me/phone-verification",
  response: PhoneCodeSent,
  access: ["PATIENT"],
  errors: ["BUSINESS_ERROR", "USER_NOT_FOUND", "SERVER_ERROR"],
})

/** Checks a typed code: a wrong one says the tries left; after 5 wrong tries, or 10 minutes, the code is dead. */
export const confirmPhoneCode = endpoint({
  method: "POST",
  path: "/me/phone-verification/confirm",
  body: PhoneCodeConfirmRequest,
  response: PhoneVerified,
  access: ["PATIENT"],
  errors: ["BUSINESS_ERROR"],
})
