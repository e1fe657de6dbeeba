import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { TimeSlot } from "../../../schemas/availability.ts"
import { formatDate, formatTime } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { mondayOf, parseDate, todayIn, weekDates } from "../../time/calendar.ts"
import { Button } from "../../ui/Button.tsx"
import { nextAvailableSlotQuery, weekSlotsQuery } from "./slotQueries.ts"
import "./appointments.css"
import type { DoctorId } from "../../../schemas/ids.ts"
import { LoadFailed } from "../../ui/LoadFailed.tsx"
import { loadFailureText } from "../../errors/failureText.ts"

export interface WeekSlotPickerProps {
  doctorId: DoctorId
  selectedSlotId: string | null
  onSelect: (slot: TimeSlot) => void
  /** A date of the week to show first (yyyy-MM-dd); today by default. */
  initialDate?: string
  /** The facility's zone, for "today" (SPEC: slots are in the facility's local time). */
  timeZone?: string
  /** A slot that may show as BOOKED but is the one being moved (reschedule): labelled as current. */
  currentSlotId?: string | null
  /** Shown under a week with no free slot, given that week's Monday (yyyy-MM-dd): the waitlist's join (issue 14). */
  whenFull?: (monday: string) => ReactNode
}

type NextState = { kind: "idle" } | { kind: "searching" } | { kind: "none" } | { kind: "failed"; error: unknown }

/**
 * The week grid of SPEC §2: 7 days from Monday, previous and next week, a jump to the next
 * availability, and only AVAILABLE slots selectable (BOOKED ones show as taken). Used by the
 * booking wizard and by both roles' reschedule screens.
 */
export function WeekSlotPicker({ doctorId, selectedSlotId, onSelect, initialDate, timeZone = "Africa/Dakar", currentSlotId, whenFull }: WeekSlotPickerProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const queryClient = useQueryClient()
  const today = todayIn(timeZone)
  const thisWeek = mondayOf(today)
  const [monday, setMonday] = useState(() => {
    const first = mondayOf(initialDate ? parseDate(initialDate) : today)
    return first.toString() < thisWeek.toString() ? thisWeek.toString() : first.toString()
  })
  const [next, setNext] = useState<NextState>({ kind: "idle" })
  const week = useQuery(weekSlotsQuery(doctorId, monday))
  const days = weekDates(parseDate(monday))
  const canGoBack = monday > thisWeek.toString()
  const roving = useSlotRoving(
    days.flatMap((day) => (week.data ?? []).filter((s) => s.slotDate === day.toString() && s.status === "AVAILABLE")),
    selectedSlotId,
    i18n.dir(language) === "rtl",
  )

  const move = (weeks: number) => {
    setNext({ kind: "idle" })
    setMonday(parseDate(monday).add({ weeks }).toString())
  }

  const findNext = async () => {
    setNext({ kind: "searching" })
    try {
      const slot = await queryClient.fetchQuery(nextAvailableSlotQuery(doctorId, today.toString()))
      if (!slot) return setNext({ kind: "none" })
      setNext({ kind: "idle" })
      setMonday(mondayOf(parseDate(slot.slotDate)).toString())
    } catch (error) {
      setNext({ kind: "failed", error })
    }
  }

  const label = `${formatDate(days[0]!.toString(), language, { day: "numeric", month: "short" })} – ${formatDate(days[6]!.toString(), language, { day: "numeric", month: "short", year: "numeric" })}`

  return (
    <div className="slot-picker stack">
      <div className="slot-picker-nav">
        <Button variant="secondary" size="small" onClick={() => move(-1)} disabled={!canGoBack} aria-label={t("booking.previousWeek")}>
          <span aria-hidden="true" className="flip-rtl">
            ‹
          </span>
        </Button>
        <strong className="slot-picker-range" aria-live="polite">
          {label}
        </strong>
        <Button variant="secondary" size="small" onClick={() => move(1)} aria-label={t("booking.nextWeek")}>
          <span aria-hidden="true" className="flip-rtl">
            ›
          </span>
        </Button>
      </div>
      <div className="row">
        <Button variant="ghost" size="small" onClick={() => void findNext()} loading={next.kind === "searching"}>
          {t("booking.nextAvailability")}
        </Button>
        {next.kind === "none" ? <span className="muted">{t("booking.noAvailabilityAhead")}</span> : null}
        {next.kind === "failed" ? <span className="field-error">{loadFailureText(t, next.error, t("booking.slotsFailed"))}</span> : null}
      </div>
      {week.isPending ? (
        <div className="slot-picker-status" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t("common.loading")}</span>
        </div>
      ) : week.isError ? (
        <LoadFailed message={t("booking.slotsFailed")} error={week.error} onRetry={() => void week.refetch()} />
      ) : (
        <>
          <div ref={roving.grid} className="slot-grid" role="group" aria-label={t("booking.slotsOfWeek", { range: label })} onKeyDown={roving.onKeyDown}>
            {days.map((day) => {
              const date = day.toString()
              const slots = week.data.filter((s) => s.slotDate === date)
              const isToday = date === today.toString()
              return (
                <div key={date} className="slot-day">
                  <div className={`slot-day-head${isToday ? " slot-day-today" : ""}`}>
                    <span>{formatDate(date, language, { weekday: "short" })}</span>
                    <span className="slot-day-number">{formatDate(date, language, { day: "numeric", month: "short" })}</span>
                  </div>
                  {slots.length === 0 ? (
                    <span className="slot-none">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t("booking.noSlotsThatDay")}</span>
                    </span>
                  ) : (
                    slots.map((slot) => (
                      <SlotButton
                        key={slot.id}
                        slot={slot}
                        tabStop={slot.id === roving.tabStop}
                        onFocus={() => roving.setActive(slot.id)}
                        language={language}
                        selected={slot.id === selectedSlotId}
                        current={slot.id === currentSlotId}
                        onSelect={onSelect}
                      />
                    ))
                  )}
                </div>
              )
            })}
          </div>
          {week.data.every((s) => s.status !== "AVAILABLE") ? (
            <>
              <p className="muted">{t("booking.noSlotsThisWeek")}</p>
              {whenFull?.(monday)}
            </>
          ) : null}
        </>
      )}
    </div>
  )
}

/**
 * One tab stop for the week's free slots (the selected one, else the first), the arrow keys to
 * move among them in the grid's order (left and right swap in right-to-left), Home and End to the
 * first and last: a keyboard user crosses the grid in one Tab rather than one per slot.
 */
function useSlotRoving(free: ReadonlyArray<TimeSlot>, selectedSlotId: string | null, rtl: boolean) {
  const [active, setActive] = useState<string | null>(null)
  const grid = useRef<HTMLDivElement>(null)
  const tabStop = (free.find((s) => s.id === active) ?? free.find((s) => s.id === selectedSlotId) ?? free[0])?.id ?? null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = free.findIndex((s) => s.id === (event.target as HTMLElement).dataset.slotId)
    if (index < 0) return
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }
    const target = event.key === "Home" ? 0 : event.key === "End" ? free.length - 1 : event.key in moves ? index + moves[event.key]! : null
    if (target === null) return
    event.preventDefault()
    const slot = free[Math.min(free.length - 1, Math.max(0, target))]!
    setActive(slot.id)
    grid.current?.querySelector<HTMLButtonElement>(`[data-slot-id="${slot.id}"]`)?.focus()
  }
  return { grid, tabStop, setActive, onKeyDown }
}

function SlotButton({
  slot,
  language,
  selected,
  current,
  tabStop,
  onFocus,
  onSelect,
}: {
  slot: TimeSlot
  language: Language
  selected: boolean
  current: boolean
  tabStop: boolean
  onFocus: () => void
  onSelect: (slot: TimeSlot) => void
}) {
  const { t } = useTranslation()
  const time = formatTime(slot.startsAt, language, slot.timeZone)
  const day = formatDate(slot.slotDate, language, { weekday: "long", day: "numeric", month: "long" })
  if (slot.status !== "AVAILABLE") {
    const note = current ? t("booking.currentSlot") : t("booking.slotBooked")
    return (
      <button type="button" className={`slot slot-taken${current ? " slot-current" : ""}`} disabled aria-label={`${day}, ${time}, ${note}`}>
        <span>{time}</span>
        <span className="slot-note">{note}</span>
      </button>
    )
  }
  return (
    <button
      type="button"
      className={`slot${selected ? " slot-selected" : ""}`}
      aria-pressed={selected}
      aria-label={`${day}, ${time}`}
      data-slot-id={slot.id}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      onClick={() => onSelect(slot)}
    >
      {time}
    </button>
  )
}
