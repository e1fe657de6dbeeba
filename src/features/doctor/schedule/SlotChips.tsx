import { useState } from "react"
import { useTranslation } from "react-i18next"

/** SPEC §9: schedule previews list 6 slots, then more. */
export const PREVIEW_LIMIT = 6

export interface SlotChipsProps {
  labels: ReadonlyArray<string>
  /** "expand": a +N more button shows the rest; "ellipsis": an ellipsis says there are more. */
  overflow: "expand" | "ellipsis"
  label: string
}

/** Slot times as chips, the first 6 then +N more or an ellipsis. */
export function SlotChips({ labels, overflow, label }: SlotChipsProps) {
  const { t } = useTranslation()
  const [expanded, setExpanded] = useState(false)
  const shown = expanded ? labels : labels.slice(0, PREVIEW_LIMIT)
  const hidden = labels.length - shown.length
  return (
    <ul className="chip-list" aria-label={label}>
      {shown.map((text, i) => (
        <li key={`${text}-${i}`} className="chip">
          {text}
        </li>
      ))}
      {hidden > 0 && overflow === "ellipsis" ? (
        <li className="chip chip-more" aria-label={t("schedule.more", { count: hidden })}>
          …
        </li>
      ) : null}
      {hidden > 0 && overflow === "expand" ? (
        <li>
          <button type="button" className="chip chip-more" onClick={() => setExpanded(true)}>
            {t("schedule.more", { count: hidden })}
          </button>
        </li>
      ) : null}
    </ul>
  )
}
