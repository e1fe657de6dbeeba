import { Hono } from "hono"
import * as waitlists from "../../schemas/contracts/slotWaitlists.ts"
import type { PatientId } from "../../schemas/ids.ts"
import { route } from "../http/contract.ts"
import type { AppEnv } from "../http/context.ts"
import { forbidden } from "../http/errors.ts"
import { joinWaitlist, waitingCount, waitlistsOf } from "../waitlist/entries.ts"
import { declineOffer, leaveWaitlist } from "../waitlist/offers.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"

/** The patient of the call, from the session, never from the request. */
const patientOf = (caller: { readonly patientId: PatientId | null }): PatientId => {
  if (!caller.patientId) throw forbidden("Only patients wait for slots")
  return caller.patientId
}

/**
 * The freed-slot waitlist (issue 14): patients join, list and leave their waitlists and decline an
 * offer; the doctor reads how many wait. Offers are made by jobs (server/waitlist/jobs.ts).
 */
export function slotWaitlistsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, waitlists.joinSlotWaitlist, {
    handle: async ({ c, caller, body }) => {
      const { db } = c.get("deps")
      const patientId = patientOf(caller)
      const id = await joinWaitlist(db, patientId, body)
      return (await waitlistsOf(db, patientId)).find((entry) => entry.id === id)!
    },
  })

  route(app, waitlists.listSlotWaitlists, {
    handle: ({ c, caller }) => waitlistsOf(c.get("deps").db, patientOf(caller)),
  })

  route(app, waitlists.leaveSlotWaitlist, {
    handle: async ({ c, caller, params }) => {
      await leaveWaitlist(c.get("deps").db, params.id, patientOf(caller))
      return { ok: true as const }
    },
  })

  route(app, waitlists.declineSlotOffer, {
    handle: async ({ c, caller, params }) => {
      await declineOffer(c.get("deps").db, params.id, patientOf(caller))
      return { ok: true as const }
    },
  })

  route(app, waitlists.doctorSlotWaitlistCount, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: async ({ c, params }) => ({ waiting: await waitingCount(c.get("deps").db, params.id) }),
  })

  return app
}
