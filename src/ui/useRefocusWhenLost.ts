import { useEffect, useRef, type RefObject } from "react"

/**
 * After `key` changes (a wizard step, a view), moves the focus to `target` when the change took
 * the focused control away: the browser then drops the focus to the page (a modal dialog, to
 * itself), and a keyboard user would have to start again from the top. Focus that is still on a
 * control is left alone.
 */
export function useRefocusWhenLost(key: unknown, target: RefObject<HTMLElement | null> | (() => HTMLElement | null)) {
  const previous = useRef(key)
  useEffect(() => {
    if (Object.is(previous.current, key)) return
    previous.current = key
    const active = document.activeElement
    if (active && active !== document.body && active.getAttribute("role") !== "dialog") return
    ;(typeof target === "function" ? target() : target.current)?.focus()
  }, [key, target])
}
