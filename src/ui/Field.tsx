import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react"
import { useTranslation } from "react-i18next"
import { validationMessage } from "../i18n/validationMessage.ts"

interface FieldShellProps {
  label: ReactNode
  /** A validation message key of the shared schemas (validation.*), shown translated. */
  error?: string | null | undefined
  hint?: ReactNode
  required?: boolean
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

/** Label, control, hint and translated error, wired for screen readers. */
export function FieldShell({ label, error, hint, required, children }: FieldShellProps) {
  const { t } = useTranslation()
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error" role="alert">
          {validationMessage(t, error)}
        </span>
      ) : null}
    </div>
  )
}

type Common = { label: ReactNode; error?: string | null | undefined; hint?: ReactNode }

export function TextField({ label, error, hint, required, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <input id={id} className="input" aria-invalid={invalid || undefined} aria-describedby={describedBy} required={required} {...input} />
      )}
    </FieldShell>
  )
}

export function TextAreaField({ label, error, hint, required, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} className="textarea" aria-invalid={invalid || undefined} aria-describedby={describedBy} required={required} {...input} />
      )}
    </FieldShell>
  )
}

export interface Option<V extends string = string> {
  value: V
  label: string
  disabled?: boolean
}

/**
 * A native select: on Android it opens the system picker, which is faster and more accessible
 * on a phone than a custom list. Use `Select` (Radix) where a styled list is needed.
 */
export function SelectField<V extends string>({
  label,
  error,
  hint,
  required,
  options,
  placeholder,
  ...select
}: Common & { options: ReadonlyArray<Option<V>>; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className="native-select" aria-invalid={invalid || undefined} aria-describedby={describedBy} required={required} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

export function CheckboxField({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  )
}
