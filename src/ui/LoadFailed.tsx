import { useTranslation } from "react-i18next"
import { loadFailureText } from "../errors/failureText.ts"
import { Button } from "./Button.tsx"

interface LoadFailedProps {
  /** What could not be loaded, already translated. */
  message: string
  /** Why (the query's error): an outage answer (503) adds that Promed is briefly unavailable. */
  error: unknown
  onRetry: () => void
  /** The retry button's text, when a screen words it its own way ("Réessayer" by default). */
  retryLabel?: string
}

/** A list or panel that failed to load, in its place: what failed, and a button to ask again. */
export function LoadFailed({ message, error, onRetry, retryLabel }: LoadFailedProps) {
  const { t } = useTranslation()
  return (
    <div className="alert alert-danger row" role="alert">
      <span>{loadFailureText(t, error, message)}</span>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {retryLabel ?? t("common.retry")}
      </Button>
    </div>
  )
}
