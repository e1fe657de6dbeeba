import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import { searchBoxMachine } from "../../../../machines/searchBox.machine.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"

export interface SearchBoxProps {
  label: string
  placeholder: string
  submitLabel: string
  clearLabel: string
  /** The keyword of the page's address. */
  keyword: string
  /** Writes a keyword to the address (empty clears it). */
  onCommit: (keyword: string) => void
}

/** The search text box: debounced 500 ms, 2 characters or none (SPEC §4, §5), Enter searches at once. */
export function SearchBox({ label, placeholder, submitLabel, clearLabel, keyword, onCommit }: SearchBoxProps) {
  const { t } = useTranslation()
  const id = useId()
  const commitRef = useRef(onCommit)
  commitRef.current = onCommit
  const box = useFlowActor(searchBoxMachine.provide({ actions: { commit: (_, { keyword: next }) => commitRef.current(next) } }), {
    input: { keyword },
  })
  const draft = useSelector(box, (s) => s.context.draft)
  const tooShort = useSelector(box, (s) => s.matches("tooShort"))

  // The address changed without the box (back button, a link, clearing filters): follow it.
  useEffect(() => {
    if (box.getSnapshot().context.committed !== keyword.trim()) box.send({ type: "search.sync", keyword })
  }, [box, keyword])

  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault()
        box.send({ type: "search.submit" })
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="search-box-row">
        <input
          id={id}
          type="search"
          className="input"
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${id}-error` : undefined}
          onChange={(event) => box.send({ type: "search.type", value: event.target.value })}
        />
        {draft ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => box.send({ type: "search.clear" })}>
            {clearLabel}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
      </div>
      {tooShort ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {validationMessage(t, "validation.searchMin")}
        </span>
      ) : null}
    </form>
  )
}
