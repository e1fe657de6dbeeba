import type { TFunction } from "i18next"
import { SELF } from "../../../machines/bookingWizard.machine.ts"
import type { SessionResponse } from "../../../schemas/session.ts"

type SessionPatient = NonNullable<SessionResponse["metadata"]["patient"]>

/** "For whom" choices of a signed-in patient: themselves, then each saved dependant (the booking's and the waitlist's). */
export function personOptions(t: TFunction, patient: SessionPatient | null | undefined) {
  return [
    { value: SELF, label: t("booking.myself", { name: patient ? `${patient.firstName} ${patient.lastName}` : "" }) },
    ...(patient?.dependants ?? []).flatMap((d) =>
      d.id
        ? [
            {
              value: d.id,
              label: t("booking.dependantOption", { name: `${d.firstName} ${d.lastName}`, relationship: t(`booking.relationship.${d.relationship}`) }),
            },
          ]
        : [],
    ),
  ]
}
