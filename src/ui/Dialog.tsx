import * as RadixDialog from "@radix-ui/react-dialog"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import "./dialog.css"

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  wide?: boolean
  /** Hide the × button when the dialog has its own explicit choices. */
  hideClose?: boolean
}

/** An accessible modal (focus kept inside, Escape closes) built on Radix Dialog. */
export function Dialog({ open, onOpenChange, title, description, children, wide, hideClose }: DialogProps) {
  const { t } = useTranslation()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={`dialog-content${wide ? " dialog-wide" : ""}`} aria-describedby={description ? undefined : undefined}>
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {hideClose ? null : (
              <RadixDialog.Close className="btn btn-ghost btn-small" aria-label={t("common.close")}>
                ×
              </RadixDialog.Close>
            )}
          </div>
          {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
