import { queryOptions } from "@tanstack/react-query"
import * as calendarFeed from "../../schemas/contracts/calendarFeed.ts"
import { callApi } from "./client.ts"

/** GET /calendar-feed: whether the signed-in user has a private calendar feed (issue 13). */
export const calendarFeedStatusQuery = () =>
  queryOptions({ queryKey: ["calendarFeed"] as const, queryFn: ({ signal }) => callApi(calendarFeed.getCalendarFeedStatus, { signal }) })

/** POST /calendar-feed: a new feed address, shown once; the previous one stops. */
export const createCalendarFeed = () => callApi(calendarFeed.createCalendarFeed)

/** DELETE /calendar-feed: the feed's address stops answering. */
export const revokeCalendarFeed = () => callApi(calendarFeed.revokeCalendarFeed)
