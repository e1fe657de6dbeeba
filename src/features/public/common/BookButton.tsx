import { useNavigate, useRouterState } from "@tanstack/react-router"
import type { TimeSlot } from "../../../../schemas/availability.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { bookingOpening } from "../../booking/opening.ts"
import { loginUrl } from "../../../session/loginUrl.ts"
import { useSessionLanguage, useSessionStatus } from "../../../session/useSession.ts"
import { Button, type ButtonProps } from "../../../ui/Button.tsx"

export interface BookButtonProps extends Omit<ButtonProps, "onClick"> {
  doctor: Doctor
  origin: "search" | "profile" | "availability"
  initialSlot?: TimeSlot
  /** Opens the wizard in this page's address; by default, on the doctor's profile (`?booking=1`). */
  open?: () => void
}

/**
 * "Book": opens the booking wizard for a signed-in user; a visitor goes to the login site, which
 * brings them back to this very page (SPEC §2, §6). The wizard lives in the address (issue 11):
 * the page that hosts it writes its step there, and the Book button just pressed hands it its
 * origin and slot.
 */
export function BookButton({ doctor, origin, initialSlot, open, children, ...button }: BookButtonProps) {
  const status = useSessionStatus()
  const language = useSessionLanguage()
  const href = useRouterState({ select: (s) => s.location.href })
  const navigate = useNavigate()
  const book = () => {
    if (status !== "VALID_SESSION") return window.location.assign(loginUrl(href, language))
    bookingOpening.offer(doctor.id, origin, initialSlot ?? null)
    if (open) open()
    else void navigate({ to: "/doctors/$doctorId", params: { doctorId: doctor.id }, search: { booking: 1 } })
  }
  return (
    <Button {...button} onClick={book}>
      {children}
    </Button>
  )
}
