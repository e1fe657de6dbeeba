import type { ReactNode } from "react"
import { Button } from "./Button.tsx"
import { Dialog } from "./Dialog.tsx"

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  cancelLabel: string
  destructive?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  children?: ReactNode
}

/** A yes/no question; Escape and the cancel button both say no. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, destructive, busy, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={title} description={description} hideClose>
      {children}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
