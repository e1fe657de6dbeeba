import { useEffect, useRef, type RefObject } from "react"

/**
 * The values a visitor typed or chose in a server-drawn form before its code arrived. The browser
 * keeps them in the fields, but the form's state starts from its defaults: without this, the first
 * submit would say "required" beside a filled field, and the next render would empty it. Read once,
 * on mount: a field whose value differs from the one the server wrote was changed by the visitor.
 */
export function typedBeforeHydration(form: HTMLFormElement): Record<string, string> {
  const typed: Record<string, string> = {}
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.name && field.value !== field.defaultValue) typed[field.name] = field.value
    } else if (field instanceof HTMLSelectElement) {
      const chosen = field.selectedOptions[0]
      if (field.name && chosen && !chosen.defaultSelected) typed[field.name] = field.value
    }
  }
  return typed
}

/** Hands what was typed before hydration (see typedBeforeHydration) to the form's state, once. */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): void {
  const adoptOnce = useRef(adopt)
  useEffect(() => {
    const typed = form.current ? typedBeforeHydration(form.current) : {}
    if (Object.keys(typed).length > 0) adoptOnce.current(typed)
  }, [form])
}
