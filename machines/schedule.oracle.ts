import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"
import type { DoctorId, FacilityId } from "../schemas/ids.ts"

/**
 * The doctor's schedule screen as SPEC describes it (§2 schedule: week, day and recurring views,
 * the add-availability dialog, a delete confirmation; §4 schedule view mode, clicking a day opens
 * the day view; §8 add or delete failure is a red toast, 'cannot delete booked slots'; §9 weeks
 * start on Monday), written apart from `schedule.machine.ts`.
 */

export type ScheduleMode = "week" | "day" | "recurring"
export type ScheduleDialog = "none" | "add" | "confirmDelete" | "deleting"

export interface ScheduleView {
  readonly mode: ScheduleMode
  /** The day of the selected-day panel and of the day view. */
  readonly selectedDay: string
  /** The Monday of the week shown. */
  readonly weekStart: string
  readonly dialog: ScheduleDialog
  /** The availability the delete confirmation is about. */
  readonly pendingDelete: string | null
  /** What the add dialog was opened with, then the delete calls, in order. */
  readonly requests: ReadonlyArray<unknown>
  readonly effects: ReadonlyArray<string>
}

export interface ScheduleSetting {
  readonly doctorId: DoctorId
  readonly today: string
  readonly facilityId: FacilityId | null
}

const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const

/** Days since Monday (0 to 6), from the calendar alone. */
const fromMonday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const mondayOf = (date: string) => addDays(date, -fromMonday(date))

export function scheduleOracle(setting: ScheduleSetting) {
  const at = (view: ScheduleView, selectedDay: string): ScheduleView => ({ ...view, selectedDay, weekStart: mondayOf(selectedDay) })
  const effect = (view: ScheduleView, ...effects: string[]): ScheduleView => ({ ...view, effects: [...view.effects, ...effects] })

  const initial: ScheduleView = {
    mode: "week",
    selectedDay: setting.today,
    weekStart: mondayOf(setting.today),
    dialog: "none",
    pendingDelete: null,
    requests: [],
    effects: [],
  }

  /** Previous, next and today: a week at a time in the week view, a day at a time in the day view. */
  function navigate(view: ScheduleView, event: AnyEventObject): ScheduleView {
    // The recurring view shows weekdays, not dates: it has nothing to move through.
    if (view.mode === "recurring") return view
    const step = view.mode === "week" ? 7 : 1
    if (event.type === "schedule.previous") return at(view, addDays(view.selectedDay, -step))
    if (event.type === "schedule.next") return at(view, addDays(view.selectedDay, step))
    return at(view, event.today as string)
  }

  function after(view: ScheduleView, event: AnyEventObject): ScheduleView {
    switch (event.type) {
      case "schedule.showWeek":
        return { ...view, mode: "week" }
      case "schedule.showDay":
        return { ...view, mode: "day" }
      case "schedule.showRecurring":
        return { ...view, mode: "recurring" }
      case "schedule.previous":
      case "schedule.next":
      case "schedule.today":
        return navigate(view, event)
      case "schedule.selectDay":
        // A day cell of the week grid: its detail shows below, the view stays.
        return view.mode === "week" ? at(view, event.date as string) : view
      case "schedule.openDay":
        // SPEC §4: clicking a day opens the day view.
        return view.mode === "week" ? { ...at(view, event.date as string), mode: "day" } : view
      case "schedule.refresh":
        return effect(view, "refetch")
      case "schedule.add": {
        if (view.dialog !== "none") return view
        // SPEC is silent on what the dialog proposes: the weekday of the day the doctor is looking at.
        const form = { doctorId: setting.doctorId, dayOfWeek: WEEKDAYS[fromMonday(view.selectedDay)], healthcareFacilityId: setting.facilityId }
        return { ...view, dialog: "add", requests: [...view.requests, form] }
      }
      case "xstate.done.actor.availabilityForm":
        if (view.dialog !== "add") return view
        // Closed without saving: nothing to say or reload.
        return event.output == null ? { ...view, dialog: "none" } : effect({ ...view, dialog: "none" }, "added", "refetch")
      case "xstate.error.actor.availabilityForm":
        return view.dialog === "add" ? effect({ ...view, dialog: "none" }, `failed:${codeOf(event)}`) : view
      case "schedule.delete":
        return view.dialog === "none" ? { ...view, dialog: "confirmDelete", pendingDelete: event.availabilityId as string } : view
      case "schedule.cancelDelete":
        return view.dialog === "confirmDelete" ? { ...view, dialog: "none", pendingDelete: null } : view
      case "schedule.confirmDelete":
        if (view.dialog !== "confirmDelete") return view
        return { ...view, dialog: "deleting", requests: [...view.requests, { doctorId: setting.doctorId, availabilityId: view.pendingDelete }] }
      case "xstate.done.actor.deleteAvailability":
        return view.dialog === "deleting" ? effect({ ...view, dialog: "none", pendingDelete: null }, "deleted", "refetch") : view
      case "xstate.error.actor.deleteAvailability":
        // A red toast, and the data reloaded: what failed may have changed meanwhile.
        if (view.dialog !== "deleting") return view
        return effect({ ...view, dialog: "none", pendingDelete: null }, `failed:${codeOf(event)}`, "refetch")
      default:
        return view
    }
  }

  return { initial, after }
}

const codeOf = (event: AnyEventObject) => failureCode(event, "UNHANDLED_ERROR")
