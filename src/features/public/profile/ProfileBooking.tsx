import { getRouteApi } from "@tanstack/react-router"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { AddressBooking } from "../../booking/AddressBooking.tsx"

const route = getRouteApi("/doctors/$doctorId")

/** The profile's booking wizard, open while the address names a step (`?booking=2`, issue 11). */
export function ProfileBooking({ doctor }: { readonly doctor: Doctor }) {
  const { booking } = route.useSearch()
  const navigate = route.useNavigate()
  if (booking === undefined) return null
  return (
    <AddressBooking
      doctor={doctor}
      step={booking}
      origin="profile"
      setStep={(step, replace) => void navigate({ search: ({ booking: _, ...rest }) => (step === undefined ? rest : { ...rest, booking: step }), replace })}
    />
  )
}
