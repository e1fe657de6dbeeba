import { useNavigate, useRouterState } from "@tanstack/react-router"
import { lazy, Suspense, useState } from "react"
import type { TimeSlot } from "../../../../schemas/availability.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { bookingOpening } from "../../booking/opening.ts"
import { loginUrl } from "../../../session/loginUrl.ts"
import { useSessionLanguage, useSessionStatus } from "../../../session/useSession.ts"
import { Button, type ButtonProps } from "../../../ui/Button.tsx"

// The wizard and its texts load on the first click of a signed-in user, never with the page.
const BookingDialog = lazy(() => import("../../booking/BookingDialog.tsx"))

export interface BookButtonProps extends Omit<ButtonProps, "onClick"> {
  doctor: Doctor
  origin: "search" | "profile" | "availability"
  initialSlot?: TimeSlot
}

/**
 * "Book": opens the booking wizard for a signed-in user; a visitor goes to the login site, which
 * brings them back to this very page (SPEC §2, §6). On the doctor's profile the wizard is opened
 * through the address (`?booking=1`, issue 11: ProfileBooking hosts it there); from the search it
 * opens in place.
 */
export function BookButton({ doctor, origin, initialSlot, children, ...button }: BookButtonProps) {
  const status = useSessionStatus()
  const language = useSessionLanguage()
  const href = useRouterState({ select: (s) => s.location.href })
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const onProfile = origin !== "search"
  const book = () => {
    if (status !== "VALID_SESSION") window.location.assign(loginUrl(href, language))
    else if (!onProfile) setOpen(true)
    else {
      bookingOpening.offer(doctor.id, origin, initialSlot ?? null)
      void navigate({ to: "/doctors/$doctorId", params: { doctorId: doctor.id }, search: { booking: 1 } })
    }
  }
  return (
    <>
      <Button {...button} onClick={book}>
        {children}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <BookingDialog doctor={doctor} open={open} onOpenChange={setOpen} origin={origin} {...(initialSlot ? { initialSlot } : {})} />
        </Suspense>
      ) : null}
    </>
  )
}
