import * as RadixDialog from "@radix-ui/react-dialog"
import { useRef, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import "./dialog.css"
import { CloseIcon } from "./frameIcons.tsx"

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  wide?: boolean
  /** Hide the close button when the dialog has its own explicit choices. */
  hideClose?: boolean
}

/** An accessible modal (focus kept inside, Escape closes) built on Radix Dialog. */
export function Dialog({ open, onOpenChange, title, description, children, wide, hideClose }: DialogProps) {
  const { t } = useTranslation()
  // Our dialogs open from buttons, not from a Radix Trigger, and Radix returns the focus only to
  // its Trigger: without this it would fall back to the page's start when the dialog closes.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog-content${wide ? " dialog-wide" : ""}`}
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return
            event.preventDefault()
            opener.current.focus()
          }}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {hideClose ? null : (
              <RadixDialog.Close className="btn btn-ghost btn-small" aria-label={t("common.close")}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
