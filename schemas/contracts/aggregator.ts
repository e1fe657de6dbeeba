import * as Schema from "effect/Schema"
import { endpoint } from "../contract.ts"

/*
 * What a USSD and SMS aggregator posts (issue 41), form-encoded as Africa's Talking sends it. They
 * are public as far as sessions go: the caller is the aggregator, proved by its shared secret
 * (USSD_SECRET; open only on a demo server), and the person is the number the network gives.
 * Handlers: server/routes/ussd.ts.
 */

/** One step of a USSD session (sessionId, serviceCode, phoneNumber, text): the page, `CON …` or `END …`. */
export const ussdStep = endpoint({
  method: "POST",
  path: "/ussd",
  response: Schema.String,
  contentType: "text/plain; charset=utf-8",
  access: "public",
  errors: ["FORBIDDEN_ACTION"],
})

/** An SMS a patient sent us (from, to, text, date, id): answered by an SMS to them. */
export const inboundSms = endpoint({
  method: "POST",
  path: "/sms/inbound",
  response: Schema.String,
  contentType: "text/plain; charset=utf-8",
  access: "public",
  errors: ["FORBIDDEN_ACTION"],
})
