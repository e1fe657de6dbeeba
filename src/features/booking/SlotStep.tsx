import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../schemas/doctor.ts"
import { validationMessage } from "../../i18n/validationMessage.ts"
import { Button } from "../../ui/Button.tsx"
import { WeekSlotPicker } from "../appointments-shared/WeekSlotPicker.tsx"
import { clinicAddressOf } from "./clinicAddress.ts"
import { JoinWaitlistButton } from "../public/profile/JoinWaitlistButton.tsx"
import { weekRange } from "../../api/slotWaitlists.ts"
import type { BookingWizardActor } from "./useBookingWizard.ts"

/** Step 2: the week grid, the next availability and the address of the chosen slot's clinic. */
export function SlotStep({ actor, doctor }: { actor: BookingWizardActor; doctor: Doctor }) {
  const { t } = useTranslation()
  const slot = useSelector(actor, (s) => s.context.slot)
  const taken = useSelector(actor, (s) => s.context.takenSlot)
  const notice = useSelector(actor, (s) => s.context.holdNotice)
  const reason = useSelector(actor, (s) => (s.context.holdNotice === "limited" ? s.context.refusal : null))
  const address = clinicAddressOf(doctor, slot?.healthcareFacilityId ?? null)
  return (
    <div className="stack">
      {/* Issue 14: back from the review on its own, the wizard says why (the grid is refreshed). */}
      {notice ? (
        <p className="alert alert-warning" role="alert">
          {notice === "limited"
            ? reason
              ? validationMessage(t, reason)
              : t("booking.failed")
            : t(notice === "expired" ? "booking.holdExpired" : "booking.holdRefused")}
        </p>
      ) : null}
      <WeekSlotPicker
        doctorId={doctor.id}
        selectedSlotId={slot?.id ?? null}
        initialDate={slot?.slotDate ?? taken?.slotDate ?? doctor.nextAvailability?.slice(0, 10)}
        onSelect={(chosen) => actor.send({ type: "booking.selectSlot", slot: chosen })}
        // Issue 14: a full week offers the doctor's waitlist for that week (patients only).
        whenFull={(monday) => {
          const range = weekRange(monday)
          return range ? <JoinWaitlistButton doctor={doctor} size="small" range={range} /> : null
        }}
      />
      {address ? (
        <p className="booking-address">
          <strong>{t("booking.clinicAddress")}</strong> {address}
        </p>
      ) : null}
      {slot ? null : <p className="muted">{t("validation.dateRequired")}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => actor.send({ type: "booking.back" })}>
          {t("common.previous")}
        </Button>
        <Button disabled={!slot} onClick={() => actor.send({ type: "booking.next" })}>
          {t("common.next")}
        </Button>
      </div>
    </div>
  )
}
