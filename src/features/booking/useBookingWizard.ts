import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise, type ActorRefFrom } from "xstate"
import { useState } from "react"
import { bookingWizardMachine, type BookingOrigin, type BookingStep, type BookingWizardInput } from "../../../machines/bookingWizard.machine.ts"
import type { TimeSlot } from "../../../schemas/availability.ts"
import { appointmentKeys, createAppointment } from "../../api/appointments.ts"
import { slotWaitlistKeys } from "../../api/slotWaitlists.ts"
import { createPayment, quoteDeposit } from "../../api/payments.ts"
import { armSlotRelease, holdSlot, releaseSlot, releaseSlotOnUnload } from "../../api/slotHolds.ts"
import { useAppActors } from "../../appContext.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { useFlowActor } from "../../dev/useFlowActor.ts"
import { draftStore } from "./draftStore.ts"
import { bookingOpening } from "./opening.ts"

export type BookingWizardActor = ActorRefFrom<typeof bookingWizardMachine>

const DESTINATION: Record<BookingOrigin, "/profile" | "/appointments" | "/doctor/appointments"> = {
  profile: "/profile",
  search: "/appointments",
  availability: "/appointments",
  doctor: "/doctor/appointments",
}

/** Where an open wizard keeps its place (issue 11): the step in the address, the draft in the tab. */
export interface BookingPlace {
  /** The step the address names. */
  readonly step: BookingStep
  /** Writes a step into the address: a new history entry unless `replace`. */
  readonly show: (step: BookingStep, replace: boolean) => void
  /** Whose draft this is in the tab: the doctor's id, with the patient's when a doctor books. */
  readonly draftKey: string
}

/**
 * One wizard actor for one opening of the dialog, wired to the gateway, the session and the router.
 * With a `place`, it opens on the address's step with the tab's draft (the Book button just
 * pressed brings its origin and slot), and keeps both up to date.
 */
export function useBookingWizard(given: BookingWizardInput, onClose: () => void, place?: BookingPlace): BookingWizardActor {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { session } = useAppActors()
  const close = useRef(onClose)
  close.current = onClose
  const show = useRef(place?.show)
  show.current = place?.show
  const doctorId = given.doctorId
  const draftKey = place?.draftKey
  const [input] = useState((): BookingWizardInput => {
    if (!place) return given
    const opening = bookingOpening.peek(doctorId)
    const draft = draftStore.read(place.draftKey)
    return {
      ...given,
      origin: opening?.origin ?? draft?.origin ?? given.origin,
      initialSlot: opening?.slot ?? given.initialSlot ?? null,
      draft,
      step: place.step,
    }
  })

  // Issue 14: a hold asked for after a release waits for it, so a late release never drops the new hold.
  const released = useRef<Promise<unknown>>(Promise.resolve())

  const actor = useFlowActor(
    bookingWizardMachine.provide({
      actors: {
        createAppointment: fromPromise(({ input }) => createAppointment(input.body, input.idempotencyKey)),
        quoteDeposit: fromPromise(({ input }) => quoteDeposit(input.doctorId, input.timeSlotId, input.dependantId)),
        createPayment: fromPromise(({ input }) => createPayment(input.body, input.idempotencyKey)),
        holdSlot: fromPromise(async ({ input }) => {
          await released.current
          return holdSlot(input.timeSlotId, input.dependantId)
        }),
      },
      actions: {
        releaseHold: (_, { timeSlotId }) => {
          released.current = releaseSlot(timeSlotId).catch(() => {})
        },
        refreshSlots: () => void queryClient.invalidateQueries({ queryKey: ["timeSlots", input.doctorId] }),
        announceSuccess: () => {
          session.send({ type: "session.refresh" })
          void queryClient.invalidateQueries({ queryKey: appointmentKeys.all })
          // A booking of an offered slot accepts the offer and ends that waitlist entry (issue 14).
          void queryClient.invalidateQueries({ queryKey: slotWaitlistKeys.all })
          void queryClient.invalidateQueries({ queryKey: ["timeSlots", input.doctorId] })
          toast.success(t("booking.success"), TOAST_DURATION.long)
        },
        logFailure: (_, { error }) => console.warn("[promed] booking failed", error),
        finish: (_, { origin }) => {
          close.current()
          void navigate({ to: DESTINATION[origin] })
        },
        close: () => close.current(),
        // Issue 40: the provider's page is another site; it sends the browser back to /payments/{id}.
        goToCheckout: (_, { url }) => window.location.assign(url),
        showStep: (_, { step, replace }) => show.current?.(step, replace),
        saveDraft: (_, { draft }) => {
          if (draftKey === undefined) return
          draftStore.write(draftKey, draft)
          // The draft now carries the Book button's origin and slot.
          bookingOpening.settle(doctorId)
        },
        clearDraft: () => {
          if (draftKey !== undefined) draftStore.clear(draftKey)
        },
      },
    }),
    { input },
  )
  useReleaseOnLeaving(actor, released)
  return actor
}

/**
 * Issue 14: leaving the wizard on the review lets the slot's hold go at once, rather than after its
 * 5 minutes: a tab closed, reloaded or left, or the dialog gone without Cancel (a link followed
 * elsewhere in the app). A hold asked for afterwards (the same wizard mounted again) waits for that
 * release. `pagehide` sends it (`keepalive`, with the bearer), at once even when the page is only
 * put aside (the back-forward cache). And while a slot is held, its release is also armed with the
 * browser (`fetchLater`), which sends it when the page goes away even if `pagehide` never ran (the
 * renderer killed, as a loaded phone does); a second release of the same hold changes nothing.
 */
function useReleaseOnLeaving(actor: BookingWizardActor, released: { current: Promise<unknown> }) {
  useEffect(() => {
    const heldSlot = () => {
      const snapshot = actor.getSnapshot()
      return snapshot.context.slot && (snapshot.matches("review") || snapshot.matches("failed")) ? snapshot.context.slot : null
    }
    let armed: { slotId: TimeSlot["id"]; disarm: (() => void) | null } | null = null
    const followHold = () => {
      const slot = heldSlot()
      if (armed?.slotId === slot?.id) return
      armed?.disarm?.()
      armed = slot ? { slotId: slot.id, disarm: armSlotRelease(slot.id) } : null
    }
    const onPageHide = () => {
      if (armed) releaseSlotOnUnload(armed.slotId)
    }
    followHold()
    const subscription = actor.subscribe(followHold)
    window.addEventListener("pagehide", onPageHide)
    return () => {
      subscription.unsubscribe()
      window.removeEventListener("pagehide", onPageHide)
      armed?.disarm?.()
      const slot = heldSlot()
      if (slot) released.current = releaseSlot(slot.id).catch(() => {})
    }
  }, [actor, released])
}
