import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"
import { appointmentsRoutes } from "./appointments.ts"
import { availabilityRoutes } from "./availability.ts"
import { calendarFeedRoutes } from "./calendarFeed.ts"
import { contactRoutes } from "./contact.ts"
import { doctorAccountRoutes } from "./doctorAccount.ts"
import { doctorPatientsRoutes } from "./doctorPatients.ts"
import { doctorRequestsRoutes } from "./doctorRequests.ts"
import { doctorsRoutes } from "./doctors.ts"
import { facilitiesRoutes } from "./facilities.ts"
import { patientsRoutes } from "./patients.ts"
import { paymentsRoutes } from "./payments.ts"
import { reviewsRoutes } from "./reviews.ts"
import { sessionRoutes } from "./session.ts"
import { sessionsRoutes } from "./sessions.ts"
import { slotHoldsRoutes } from "./slotHolds.ts"
import { slotWaitlistsRoutes } from "./slotWaitlists.ts"
import { timeSlotsRoutes } from "./timeSlots.ts"
import { ussdRoutes } from "./ussd.ts"
import { verificationRoutes } from "./verification.ts"

/** Every gateway route under /api/v1, one module per resource. */
export function apiRoutes() {
  const app = new Hono<AppEnv>()
  app.route("/", sessionRoutes())
  app.route("/", sessionsRoutes())
  app.route("/", doctorsRoutes())
  app.route("/", doctorAccountRoutes())
  app.route("/", doctorPatientsRoutes())
  app.route("/", timeSlotsRoutes())
  app.route("/", slotHoldsRoutes())
  app.route("/", slotWaitlistsRoutes())
  app.route("/", availabilityRoutes())
  app.route("/", facilitiesRoutes())
  app.route("/", contactRoutes())
  app.route("/", doctorRequestsRoutes())
  app.route("/", reviewsRoutes())
  app.route("/", paymentsRoutes())
  app.route("/", appointmentsRoutes())
  app.route("/", patientsRoutes())
  app.route("/", calendarFeedRoutes())
  app.route("/", verificationRoutes())
  app.route("/", ussdRoutes())
  return app
}
