import { useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { toastStore } from "./toastStore.ts"
import "./toast.css"
import { CloseIcon } from "../frameIcons.tsx"

/** Renders the toasts; errors are announced assertively, the rest politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot)
  const { t } = useTranslation()
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"} data-testid="toast">
          <span>{toast.message}</span>
          <button type="button" className="btn btn-ghost btn-small" aria-label={t("common.close")} onClick={() => toastStore.dismiss(toast.id)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  )
}
