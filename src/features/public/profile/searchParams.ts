import { bookingStepOf } from "../common/searchParams.ts"

/** The /doctors/{doctorId} address: `booking` is the step of the open booking wizard (issue 11). */
export interface DoctorProfileSearch {
  booking?: 1 | 2 | 3
}

/** Any other value of `booking` is dropped: the profile opens without the wizard. */
export function parseDoctorProfileSearch(raw: Record<string, unknown>): DoctorProfileSearch {
  const booking = bookingStepOf(raw.booking)
  return booking === undefined ? {} : { booking }
}
