import { createHash, timingSafeEqual } from "node:crypto"
import { Hono, type Context } from "hono"
import * as aggregator from "../../schemas/contracts/aggregator.ts"
import { route } from "../http/contract.ts"
import { ApiError } from "../http/errors.ts"
import type { AppEnv } from "../http/context.ts"
import { smsSender } from "../sms/sms.ts"
import { answerInboundSms } from "../sms/inbound.ts"
import { answerUssd } from "../ussd/menu.ts"
import { bookedSms } from "../ussd/screens.ts"
import { reserveNotice } from "../verification/recipientCap.ts"

const digest = (text: string) => createHash("sha256").update(text).digest()

/**
 * Whether the request comes from our aggregator: its shared secret (USSD_SECRET) in the
 * X-Promed-Secret header or the `secret` query parameter, compared in constant time. Without a
 * secret set, only a demo server (DEMO_DATA) answers, for the simulator; production refuses.
 */
export function fromAggregator(secret: string | undefined, demo: boolean, given: string | undefined): boolean {
  if (!secret) return demo
  return given !== undefined && given.length > 0 && timingSafeEqual(digest(given), digest(secret))
}

/** The aggregator's secret, else FORBIDDEN_ACTION (403). */
function refuseUnlessAggregator(c: Context<AppEnv>): void {
  const { config } = c.get("deps")
  if (!fromAggregator(config.ussdSecret, config.demoData, c.req.header("x-promed-secret") ?? c.req.query("secret"))) {
    throw new ApiError("FORBIDDEN_ACTION", "Only the aggregator posts here")
  }
}

const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === "string" ? body[name] : "")

/**
 * POST /api/v1/ussd (issue 41): what USSD aggregators such as Africa's Talking post for each step
 * of a session (form fields sessionId, serviceCode, phoneNumber, text), answered in text/plain
 * with `CON ` (the session goes on) or `END ` (it ends).
 */
export function ussdRoutes() {
  const app = new Hono<AppEnv>()
  route(app, aggregator.ussdStep, {
    handle: async ({ c }) => {
      const { db, config } = c.get("deps")
      refuseUnlessAggregator(c)
      const body = await c.req.parseBody()
      const send = smsSender(config)
      const page = await answerUssd(
        {
          db,
          bookingLimits: config.bookingLimits,
          confirm: async ({ phoneNumber, language, booked }) => {
            const reservation = await reserveNotice(db, phoneNumber, new Date())
            if (!reservation) return
            await send({ to: phoneNumber, text: bookedSms(language, booked) }).catch(async (error: unknown) => {
              await reservation.release()
              throw error
            })
          },
        },
        { sessionId: field(body, "sessionId"), phoneNumber: field(body, "phoneNumber"), text: field(body, "text") },
      )
      c.header("Cache-Control", "no-store")
      return page
    },
  })

  /**
   * POST /api/v1/sms/inbound (issue 41): the aggregator's inbound SMS callback (form fields from,
   * to, text, date, id), answered by an SMS to the sender through the SMS adapter, within the
   * sender's hourly cap of notices (issue 38): a flood of texts gets a few replies, not one each.
   */
  route(app, aggregator.inboundSms, {
    handle: async ({ c }) => {
      const { db, config } = c.get("deps")
      refuseUnlessAggregator(c)
      const body = await c.req.parseBody()
      const answer = await answerInboundSms(
        db,
        { id: field(body, "id"), from: field(body, "from"), to: field(body, "to"), text: field(body, "text"), date: field(body, "date") },
        { bookingLimits: config.bookingLimits },
      )
      if (answer) {
        const reservation = await reserveNotice(db, answer.to, new Date())
        if (reservation) await smsSender(config)(answer).catch(() => reservation.release())
      }
      c.header("Cache-Control", "no-store")
      return "OK"
    },
  })
  return app
}
