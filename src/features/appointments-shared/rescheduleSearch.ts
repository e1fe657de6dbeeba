import type { TimeSlotId } from "../../../schemas/ids.ts"
import { isIdOf } from "../../routes/search/checks.ts"
import type { LenientSearch } from "../../routes/search/lenient.ts"

/** The reschedule page's address: `slot`, a waitlist offer's slot to preselect (issue 14). */
export const RescheduleSearch = { slot: isIdOf<TimeSlotId>() }
export type RescheduleSearch = LenientSearch<typeof RescheduleSearch>
