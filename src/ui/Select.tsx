import * as RadixSelect from "@radix-ui/react-select"
import { useId, type ReactNode } from "react"
import type { Option } from "./Field.tsx"
import "./select.css"
import { ChevronDownIcon } from "./frameIcons.tsx"

export interface SelectProps<V extends string> {
  label: ReactNode
  value: V | undefined
  onValueChange: (value: V) => void
  options: ReadonlyArray<Option<V>>
  placeholder?: string
  hideLabel?: boolean
}

/** A styled, keyboard-usable select (Radix); list height capped at 200 px (SPEC §9). */
export function Select<V extends string>({ label, value, onValueChange, options, placeholder, hideLabel }: SelectProps<V>) {
  const id = useId()
  return (
    <div className="field">
      <span id={id} className={hideLabel ? "visually-hidden" : "field-label"}>
        {label}
      </span>
      <RadixSelect.Root value={value} onValueChange={(v) => onValueChange(v as V)}>
        <RadixSelect.Trigger className="select-trigger" aria-labelledby={id}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon aria-hidden="true">
            <ChevronDownIcon />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport className="select-viewport">
              {options.map((o) => (
                <RadixSelect.Item key={o.value} value={o.value} disabled={o.disabled} className="select-item">
                  <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  )
}
