import type { Availability } from "../../schemas/availability.ts"
import { testIds } from "../../schemas/testIds.ts"

/** An availability as the gateway answers a creation: Tuesday 09:00 to 12:00, 30-minute slots. */
export const createdAvailability: Availability = {
  id: testIds.availability("a-9"),
  doctorId: testIds.doctor("d-1"),
  healthcareFacilityId: testIds.facility("f-1"),
  dayOfWeek: "TUESDAY",
  startTime: "09:00",
  endTime: "12:00",
  isRecurring: true,
  slotDurationMinutes: 30,
  timeSlots: [],
}
