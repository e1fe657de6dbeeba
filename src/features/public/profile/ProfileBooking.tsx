import { getRouteApi, useRouter } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import type { Doctor } from "../../../../schemas/doctor.ts"
import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"

const BookingDialog = lazy(() => import("../../booking/BookingDialog.tsx"))
const route = getRouteApi("/doctors/$doctorId")

/**
 * The profile's booking wizard, open while the address names a step (`?booking=2`, issue 11):
 * Back and Forward move between steps, Back from step 1 closes it, and the wizard writes each
 * step it moves to back into the address.
 */
export function ProfileBooking({ doctor }: { readonly doctor: Doctor }) {
  const { booking } = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()
  if (booking === undefined) return null
  const place = {
    step: booking,
    show: (step: BookingStep, replace: boolean) => {
      // The address may already say it (the wizard followed Back or Forward).
      if ((router.state.location.search as { booking?: unknown }).booking === step) return
      void navigate({ search: (prev) => ({ ...prev, booking: step }), replace })
    },
  }
  const close = (open: boolean) => {
    if (!open) void navigate({ search: ({ booking: _, ...rest }) => rest })
  }
  return (
    <Suspense fallback={null}>
      <BookingDialog doctor={doctor} open onOpenChange={close} origin="profile" place={place} />
    </Suspense>
  )
}
