import { useId, useRef, type KeyboardEvent, type ReactNode } from "react"
import "./tabs.css"

export interface TabsProps<K extends string> {
  label: string
  tabs: ReadonlyArray<{ key: K; label: string }>
  selected: K
  onSelect: (key: K) => void
  children: ReactNode
}

/**
 * Tabs as ARIA describes them: one tab stop, arrow keys move along the tabs (following the
 * reading direction, so Arabic mirrors), Home and End jump to the ends; the panel shows the
 * selected tab's content.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === selected)
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl"
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key as "ArrowRight" | "ArrowLeft"]
    const next = event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : step === undefined ? -1 : (index + step + tabs.length) % tabs.length
    if (next < 0) return
    event.preventDefault()
    onSelect(tabs[next]!.key)
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} className="tab-panel" tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
