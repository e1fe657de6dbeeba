import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useRef, useState } from "react"
import { fromPromise } from "xstate"
import { slotWaitlistEntryMachine } from "../../../../machines/slotWaitlistEntry.machine.ts"
import { useTranslation } from "react-i18next"
import { SELF } from "../../../../machines/bookingWizard.machine.ts"
import type { SlotOffer, SlotWaitlistEntry } from "../../../../schemas/slotWaitlist.ts"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { declineSlotOffer, leaveSlotWaitlist, offeredSlotQuery, slotWaitlistKeys, slotWaitlistsQuery } from "../../../api/slotWaitlists.ts"
import { doctorName } from "../../../i18n/doctorText.ts"
import { formatDate, formatTime } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { toast } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { draftStore } from "../../booking/draftStore.ts"
import { bookingOpening } from "../../booking/opening.ts"
import { appointmentWhen } from "../../appointments-shared/appointmentText.ts"
import { LoadFailed } from "../../../ui/LoadFailed.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"

/** The zone of every facility so far (SPEC: Senegal); used only while the appointments load. */
const DEFAULT_ZONE = "Africa/Dakar"
const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric" }

/**
 * "My waitlists" on /appointments (issue 14): what each entry waits for, its live offer (the slot,
 * held until when) with Take and Decline, and Leave. Nothing at all while the patient waits for
 * nothing, so the appointments stay the page's subject.
 */
export function WaitlistSection() {
  const { t } = useTranslation()
  const list = useQuery(slotWaitlistsQuery())
  if (list.isPending || (list.isSuccess && list.data.length === 0)) return null
  return (
    <section className="stack" aria-labelledby="waitlists-title">
      <h2 id="waitlists-title">{t("slotWaitlist.title")}</h2>
      {list.isError ? (
        <LoadFailed message={t("slotWaitlist.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ul className="card-list">
          {list.data.map((entry) => (
            <li key={entry.id}>
              <WaitlistCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** What an entry waits for, in words: earlier than an appointment, or between two dates. */
function waitsFor(entry: SlotWaitlistEntry, timeZone: string, t: ReturnType<typeof useTranslation>["t"], language: Language): string {
  if (entry.mode === "EARLIER_THAN_APPOINTMENT" && entry.appointmentTime) {
    const when = appointmentWhen({ appointmentTime: entry.appointmentTime, timeZone }, language)
    return t("slotWaitlist.earlierThan", { date: when.date, time: when.time })
  }
  return t("slotWaitlist.between", { from: formatDate(entry.fromDate ?? "", language, LONG_DATE), to: formatDate(entry.toDate ?? "", language, LONG_DATE) })
}

function WaitlistCard({ entry }: { entry: SlotWaitlistEntry }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // The entry names its appointment but not its zone: the appointment (in the page's list) has it.
  const appointments = useQuery(appointmentsQuery())
  const zone = appointments.data?.find((a) => a.id === entry.appointmentId)?.timeZone ?? entry.offer?.timeZone ?? DEFAULT_ZONE
  const latest = useRef({ entry, t })
  latest.current = { entry, t }
  // Made once: a machine made anew on each render would restart the actor each time (useActorRef compares configs).
  const [machine] = useState(() => {
    const refetch = () => queryClient.invalidateQueries({ queryKey: slotWaitlistKeys.mine() })
    /** Opens the offered slot: the booking wizard on the doctor's profile, or the appointment's reschedule page. */
    const take = async (offer: SlotOffer) => {
      const { entry, t } = latest.current
      if (entry.mode === "EARLIER_THAN_APPOINTMENT" && entry.appointmentId) {
        await navigate({ to: "/appointments/$appointmentId/reschedule", params: { appointmentId: entry.appointmentId }, search: { slot: offer.timeSlotId } })
        return
      }
      const slot = await queryClient.fetchQuery(offeredSlotQuery(entry.doctorId, offer))
      if (!slot) {
        toast.error(t("slotWaitlist.slotGone"))
        await refetch()
        return
      }
      // The wizard opens for the person who waits, on the offered slot (its week shown, the slot chosen).
      const kept = draftStore.read(entry.doctorId)
      draftStore.write(entry.doctorId, {
        origin: "availability",
        details: { reason: kept?.details.reason ?? "", appointmentType: kept?.details.appointmentType ?? "CLINIC", forWhom: entry.dependantId ?? SELF },
        slot,
      })
      bookingOpening.offer(entry.doctorId, "availability", slot)
      await navigate({ to: "/doctors/$doctorId", params: { doctorId: entry.doctorId }, search: { booking: 1 } })
    }
    return slotWaitlistEntryMachine.provide({
      actors: {
        takeOffer: fromPromise(({ input }) => take(input.offer)),
        declineOffer: fromPromise(({ input }) => declineSlotOffer(input.offer.id)),
        leaveWaitlist: fromPromise(({ input }) => leaveSlotWaitlist(input.entryId)),
      },
      actions: {
        onDeclined: () => {
          toast.success(latest.current.t("slotWaitlist.declined"))
          void refetch()
        },
        onLeft: () => {
          toast.success(latest.current.t("slotWaitlist.left"))
          void refetch()
        },
        onFailed: (_, { error }) => {
          toast.error(failureText(latest.current.t, error, latest.current.t("slotWaitlist.actionFailed")))
          void refetch()
        },
      },
    })
  })
  const actor = useFlowActor(machine, { input: { entryId: entry.id } })
  const busy = useSelector(actor, (s) => (s.matches("taking") ? "take" : s.matches("declining") ? "decline" : s.matches("leaving") ? "leave" : null))
  const confirming = useSelector(actor, (s) => s.matches("confirmingLeave") || s.matches("leaving"))

  const offer = entry.offer
  return (
    <article className="card stack waitlist-card" aria-labelledby={`waitlist-${entry.id}`}>
      <div>
        <h3 id={`waitlist-${entry.id}`} className="section-title">
          <bdi>{doctorName(t, entry.doctor)}</bdi>
        </h3>
        <p className="muted">{t("slotWaitlist.forWhom", { name: entry.attendeeName })}</p>
        <p>{waitsFor(entry, zone, t, language)}</p>
      </div>
      {offer ? (
        <div className="alert alert-info stack waitlist-offer" role="status">
          <strong>{t("slotWaitlist.offerTitle")}</strong>
          <span className="waitlist-offer-slot">
            {t("slotWaitlist.offerSlot", {
              date: formatDate(offer.startsAt, language, LONG_DATE, offer.timeZone),
              time: formatTime(offer.startsAt, language, offer.timeZone),
            })}
          </span>
          <span>{t("slotWaitlist.heldUntil", { time: formatTime(offer.expiresAt, language, offer.timeZone) })}</span>
          <div className="row">
            <Button size="small" loading={busy === "take"} disabled={busy !== null} onClick={() => actor.send({ type: "waitlist.take", offer })}>
              {t("slotWaitlist.take")}
            </Button>
            <Button
              size="small"
              variant="secondary"
              loading={busy === "decline"}
              disabled={busy !== null}
              onClick={() => actor.send({ type: "waitlist.decline", offer })}
            >
              {t("slotWaitlist.decline")}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="row">
        <Button size="small" variant="ghost" disabled={busy !== null} onClick={() => actor.send({ type: "waitlist.leave" })}>
          {t("slotWaitlist.leave")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("slotWaitlist.leaveTitle")}
        description={t("slotWaitlist.leaveText", { doctor: doctorName(t, entry.doctor) })}
        confirmLabel={t("slotWaitlist.leave")}
        cancelLabel={t("slotWaitlist.stay")}
        destructive
        busy={busy === "leave"}
        onConfirm={() => actor.send({ type: "waitlist.confirmLeave" })}
        onCancel={() => actor.send({ type: "waitlist.stay" })}
      />
    </article>
  )
}
