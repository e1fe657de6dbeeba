import { useTranslation } from "react-i18next"
import { Button } from "./Button.tsx"

interface LoadFailedProps {
  /** What could not be loaded, already translated. */
  message: string
  onRetry: () => void
  /** The retry button's text, when a screen words it its own way ("Réessayer" by default). */
  retryLabel?: string
}

/** A list or panel that failed to load, in its place: what failed, and a button to ask again. */
export function LoadFailed({ message, onRetry, retryLabel }: LoadFailedProps) {
  const { t } = useTranslation()
  return (
    <div className="alert alert-danger row" role="alert">
      <span>{message}</span>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {retryLabel ?? t("common.retry")}
      </Button>
    </div>
  )
}
