import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import * as paymentsContract from "../../schemas/contracts/payments.ts"
import type { PaymentId } from "../../schemas/ids.ts"
import { linkOrigin } from "../config.ts"
import type { Db } from "../db/client.ts"
import { route } from "../http/contract.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { idempotent } from "../http/idempotency.ts"
import { writesSlotsOf } from "../http/readCache.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"
import { appointmentOfParty, checkBooker, loadAppointment } from "./appointments.ts"
import { isDependantOf, markNoShow } from "../repositories/appointmentBooking.ts"
import { depositOwed } from "../payments/deposits.ts"
import { takeNotice } from "../payments/notices.ts"
import { createPayment, doctorPayments, findPayment, paymentOfAppointment, paymentsCsv, receiptOf, toPayment } from "../payments/payments.ts"
import type { PaymentRow } from "../payments/ledger.ts"
import { timeSlots } from "../db/schema.ts"
import { eq } from "drizzle-orm"

/** Access policy: a payment is read by its payer, and by its doctor; anyone else is told FORBIDDEN_ACTION, as for appointments. */
async function paymentOfParty(db: Db, caller: Caller, id: PaymentId): Promise<PaymentRow> {
  const payment = await findPayment(db, id)
  if (!payment) throw new ApiError("NOT_FOUND", "No such payment")
  const payer = caller.userId === payment.payerId
  const doctor = caller.doctorId !== null && caller.doctorId === payment.doctorId
  if (!payer && !doctor) throw forbidden("This payment is not yours")
  return payment
}

/** Deposits (issue 40): quote, pay, read, receipt, the provider's notices, no-shows, the doctor's payments. */
export function paymentsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, paymentsContract.quoteDeposit, {
    handle: async ({ c, caller, query }) => {
      const { db } = c.get("deps")
      if (query.dependantId && !(await isDependantOf(db, query.dependantId, caller.patientId!))) throw forbidden("This dependant is not yours")
      const [slot] = await db
        .select({ doctorId: timeSlots.doctorId, facilityId: timeSlots.facilityId })
        .from(timeSlots)
        .where(eq(timeSlots.id, query.timeSlotId))
      if (!slot || slot.doctorId !== query.doctorId) throw new ApiError("TIME_SLOT_NOT_FOUND", "No such time slot for this doctor")
      const deposit = await depositOwed(db, { doctorId: query.doctorId, patientId: caller.patientId!, dependantId: query.dependantId ?? null }, slot)
      return { deposit }
    },
  })

  route(app, paymentsContract.createPayment, {
    handle: ({ c, caller, body }) =>
      idempotent(c, caller, body, paymentsContract.createPayment.status, async (db) => {
        await checkBooker(db, caller, body)
        writesSlotsOf(c, body.doctorId)
        const { config, payments } = c.get("deps")
        return createPayment(db, {
          request: body,
          booking: {
            ...body,
            dependantId: body.dependantId ?? null,
            bookedBy: caller.userId,
            byPatient: true,
            limited: config.bookingLimits,
            // The deposit is what this call is for: the booking's checks run without refusing it for one.
            depositPaid: true,
          },
          provider: payments,
          origin: linkOrigin(config),
        })
      }),
  })

  route(app, paymentsContract.getPayment, {
    handle: async ({ c, caller, params }) => toPayment(await paymentOfParty(c.get("deps").db, caller, params.id)),
  })

  route(app, paymentsContract.getPaymentReceipt, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      const payment = await paymentOfParty(db, caller, params.id)
      c.header("Cache-Control", "private, no-store")
      return receiptOf(db, payment)
    },
  })

  route(app, paymentsContract.paymentWebhook, {
    handle: async ({ c, params }) => {
      const { db, config, payments, clock } = c.get("deps")
      // A notice for another provider than the one configured is nobody's.
      if (params.provider !== payments.name) throw new ApiError("FORBIDDEN_ACTION", "No such provider here")
      // The raw body, as it came: the signature is over its bytes, not over a parse of them.
      const rawBody = await c.req.text()
      await takeNotice(
        db,
        payments,
        { rawBody, header: (name) => c.req.header(name) },
        {
          limited: config.bookingLimits,
          now: Temporal.Instant.fromEpochMilliseconds(clock().getTime()),
        },
      )
      return { ok: true as const }
    },
  })

  route(app, paymentsContract.getAppointmentPayment, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      await appointmentOfParty(db, caller, params.id)
      const payment = await paymentOfAppointment(db, params.id)
      return { payment: payment ? toPayment(payment) : null }
    },
  })

  route(app, paymentsContract.markNoShow, {
    policy: ({ c, caller, params }) => appointmentOfParty(c.get("deps").db, caller, params.id),
    handle: async ({ c, params, granted }) => {
      const { db } = c.get("deps")
      writesSlotsOf(c, granted.doctorId)
      await markNoShow(db, params.id)
      return loadAppointment(db, params.id)
    },
  })

  route(app, paymentsContract.listDoctorPayments, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: async ({ c, params }) => doctorPayments(c.get("deps").db, params.id),
  })

  route(app, paymentsContract.exportDoctorPayments, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: async ({ c, params }) => {
      const { payments } = await doctorPayments(c.get("deps").db, params.id)
      c.header("Content-Disposition", `attachment; filename="promed-paiements.csv"`)
      c.header("Cache-Control", "private, no-store")
      return paymentsCsv(payments)
    },
  })

  return app
}
