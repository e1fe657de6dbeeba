import { useQuery } from "@tanstack/react-query"
import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { doctorQuery } from "../../../api/doctors.ts"
import { AddressBooking } from "../../booking/AddressBooking.tsx"
import type { DoctorSearch } from "./searchParams.ts"
import { NO_ID } from "../../../../schemas/ids.ts"
import type { DoctorId } from "../../../../schemas/ids.ts"

interface SearchBookingProps {
  readonly search: DoctorSearch
  /** The doctors of the page shown: the one booked is usually among them. */
  readonly shown: ReadonlyArray<Doctor> | undefined
  /** `useDoctorSearch().showBooking`: writes the wizard into the address. */
  readonly showBooking: (book: DoctorId | undefined, step: BookingStep | undefined, replace: boolean) => void
}

/**
 * The search's booking wizard, open while the address names a doctor and a step
 * (`?book=…&booking=2`, issue 11). A reload, or a link to another page of results, still finds
 * the doctor: asked of the gateway when the results do not hold them.
 */
export function SearchBooking({ search, shown, showBooking }: SearchBookingProps) {
  const { book, booking } = search
  const listed = shown?.find((doctor) => doctor.id === book)
  const fetched = useQuery({ ...doctorQuery(book ?? NO_ID), enabled: book !== undefined && shown !== undefined && listed === undefined })
  const doctor = listed ?? fetched.data
  if (book === undefined || booking === undefined || doctor === undefined) return null
  return <AddressBooking doctor={doctor} step={booking} origin="search" setStep={(step, replace) => showBooking(book, step, replace)} />
}
