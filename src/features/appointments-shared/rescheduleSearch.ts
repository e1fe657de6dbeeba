import * as Schema from "effect/Schema"
import { TimeSlotId, uuid } from "../../../schemas/ids.ts"

/** The reschedule page's address: `slot`, a waitlist offer's slot to preselect (issue 14). */
export const RescheduleSearch = Schema.Struct({ slot: Schema.optionalKey(uuid(TimeSlotId)) })
export type RescheduleSearch = typeof RescheduleSearch.Type
