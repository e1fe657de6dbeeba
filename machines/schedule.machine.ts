import { Temporal } from "temporal-polyfill"
import { assertEvent, assign, fromPromise, setup } from "xstate"
import { DAYS_OF_WEEK, type DayOfWeek } from "../schemas/enums.ts"
import type { Availability } from "../schemas/availability.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { type AvailabilityFormInput, availabilityFormMachine } from "./availabilityForm.machine.ts"
import { errorBodyOf } from "./shared/rejections.ts"
import type { AvailabilityId, DoctorId, FacilityId } from "../schemas/ids.ts"

export interface ScheduleInput {
  readonly doctorId: DoctorId
  /** yyyy-MM-dd in the doctor's zone. */
  readonly today: string
  /** The doctor's first facility, proposed for a new availability. */
  readonly facilityId: FacilityId | null
}

export interface ScheduleContext {
  readonly doctorId: DoctorId
  readonly facilityId: FacilityId | null
  today: string
  /** The day of the selected-day panel and of the day view; its week is the week shown. */
  selectedDay: string
  /** The availability whose deletion waits for confirmation or runs. */
  pendingDelete: AvailabilityId | null
}

export type ScheduleEvent =
  | { type: "schedule.showWeek" }
  | { type: "schedule.showDay" }
  | { type: "schedule.showRecurring" }
  | { type: "schedule.previous" }
  | { type: "schedule.next" }
  | { type: "schedule.today"; today: string }
  | { type: "schedule.selectDay"; date: string }
  | { type: "schedule.openDay"; date: string }
  | { type: "schedule.refresh" }
  | { type: "schedule.add" }
  | { type: "schedule.delete"; availabilityId: AvailabilityId }
  | { type: "schedule.confirmDelete" }
  | { type: "schedule.cancelDelete" }

const shift = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString()

/** Monday of the week of a date (weeks start on Monday, SPEC §9). */
export const mondayOfDate = (date: string): string => {
  const d = Temporal.PlainDate.from(date)
  return d.subtract({ days: d.dayOfWeek - 1 }).toString()
}

export const weekdayOf = (date: string): DayOfWeek => DAYS_OF_WEEK[Temporal.PlainDate.from(date).dayOfWeek - 1]!

/**
 * The doctor's schedule screen (SPEC §2, §4): a week, day or recurring view, and alongside it the
 * add-availability dialog or a deletion (confirm, then delete). Week navigation moves the
 * selected day by 7 days and day navigation by 1, so the week shown is always the selected day's.
 * Data itself comes from queries; `refetch` asks for fresh data after a change or a refresh.
 */
export const scheduleMachine = setup({
  types: {
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    input: {} as ScheduleInput,
  },
  actors: {
    /** The add dialog's form; ends with the created availability or null. */
    availabilityForm: availabilityFormMachine,
    deleteAvailability: fromPromise<void, { doctorId: DoctorId; availabilityId: AvailabilityId }>(async () => {
      throw new Error("deleteAvailability not provided")
    }),
  },
  actions: {
    /** Refetches the schedule's queries; provided by the screen. */
    refetch: () => {},
    notifyAdded: () => {},
    notifyDeleted: () => {},
    /** A red toast (SPEC §8): 'cannot delete booked slots' for BUSINESS_ERROR, the common error text otherwise. */
    notifyFailed: (_, _params: { error: ApiErrorBody }) => {},
    moveBy: assign({ selectedDay: ({ context }, params: { days: number }) => shift(context.selectedDay, params.days) }),
    goToday: assign(({ event }) => {
      assertEvent(event, "schedule.today")
      return { today: event.today, selectedDay: event.today }
    }),
    select: assign({
      selectedDay: ({ event }) => {
        assertEvent(event, ["schedule.selectDay", "schedule.openDay"])
        return event.date
      },
    }),
  },
  guards: {
    /** The add dialog ended with an availability (null: it was cancelled). */
    created: (_, params: { created: Availability | null }) => params.created != null,
  },
}).createMachine({
  id: "schedule",
  type: "parallel",
  context: ({ input }) => ({
    doctorId: input.doctorId,
    facilityId: input.facilityId,
    today: input.today,
    selectedDay: input.today,
    pendingDelete: null,
  }),
  on: {
    "schedule.refresh": { actions: "refetch" },
  },
  states: {
    view: {
      initial: "week",
      states: {
        week: {
          on: {
            "schedule.previous": { actions: { type: "moveBy", params: { days: -7 } } },
            "schedule.next": { actions: { type: "moveBy", params: { days: 7 } } },
            "schedule.today": { actions: "goToday" },
            "schedule.selectDay": { actions: "select" },
            "schedule.openDay": { target: "day", actions: "select" },
            "schedule.showDay": "day",
            "schedule.showRecurring": "recurring",
          },
        },
        day: {
          on: {
            "schedule.previous": { actions: { type: "moveBy", params: { days: -1 } } },
            "schedule.next": { actions: { type: "moveBy", params: { days: 1 } } },
            "schedule.today": { actions: "goToday" },
            "schedule.showWeek": "week",
            "schedule.showRecurring": "recurring",
          },
        },
        recurring: {
          on: {
            "schedule.showWeek": "week",
            "schedule.showDay": "day",
          },
        },
      },
    },
    overlay: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "schedule.add": "adding",
            "schedule.delete": {
              target: "confirmingDelete",
              actions: assign({ pendingDelete: ({ event }) => event.availabilityId }),
            },
          },
        },
        adding: {
          invoke: {
            id: "availabilityForm",
            src: "availabilityForm",
            input: ({ context }): AvailabilityFormInput => ({
              doctorId: context.doctorId,
              dayOfWeek: weekdayOf(context.selectedDay),
              healthcareFacilityId: context.facilityId,
            }),
            onDone: [
              { guard: { type: "created", params: ({ event }) => ({ created: event.output }) }, target: "idle", actions: ["notifyAdded", "refetch"] },
              { target: "idle" },
            ],
            onError: { target: "idle", actions: { type: "notifyFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) } },
          },
        },
        confirmingDelete: {
          on: {
            "schedule.confirmDelete": "deleting",
            "schedule.cancelDelete": { target: "idle", actions: assign({ pendingDelete: null }) },
          },
        },
        deleting: {
          invoke: {
            id: "deleteAvailability",
            src: "deleteAvailability",
            input: ({ context }) => ({ doctorId: context.doctorId, availabilityId: context.pendingDelete! }),
            onDone: { target: "idle", actions: [assign({ pendingDelete: null }), "notifyDeleted", "refetch"] },
            onError: {
              target: "idle",
              actions: [assign({ pendingDelete: null }), { type: "notifyFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) }, "refetch"],
            },
          },
        },
      },
    },
  },
})
