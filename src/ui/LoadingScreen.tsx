import { useTranslation } from "react-i18next"

/** Shown while something essential loads (the session at start-up, a screen's data). */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{label ?? t("common.loading")}</p>
    </div>
  )
}
