import * as verification from "../../schemas/contracts/verification.ts"
import { callApi } from "./client.ts"

/** POST /me/phone-verification: a code sent by SMS to the caller's number. */
export const sendPhoneCode = () => callApi(verification.sendPhoneCode)

/** POST /me/phone-verification/confirm: the typed code checked. */
export const confirmPhoneCode = (code: string) => callApi(verification.confirmPhoneCode, { body: { code } })
