import { useTranslation } from "react-i18next"
import { loadFailureText } from "../../../errors/failureText.ts"
import { Button } from "../../../ui/Button.tsx"
import "./doctorCommon.css"

export interface LoadProblemProps {
  message: string
  /** Why (the query's error): an outage answer (503) adds that Promed is briefly unavailable. */
  error: unknown
  onRefresh: () => void
  /** "panel" replaces what could not load; "banner" sits above data that is still shown. */
  mode: "panel" | "banner"
  refreshing?: boolean
}

/** A load failure in red with a refresh button (SPEC §8, schedule and lists). */
export function LoadProblem({ message, error, onRefresh, mode, refreshing }: LoadProblemProps) {
  const { t } = useTranslation()
  return (
    <div role="alert" className={`alert alert-danger load-problem load-problem-${mode}`}>
      <span>{loadFailureText(t, error, message)}</span>
      <Button variant="secondary" size="small" onClick={onRefresh} loading={refreshing}>
        {t("common.refresh")}
      </Button>
    </div>
  )
}

interface QueryLike {
  readonly data: unknown
  readonly error: unknown
  readonly isFetching: boolean
}

/**
 * The failure of a query as SPEC §8 wants it: a panel in place of the content when nothing
 * loaded, a banner above the content when a refresh failed; nothing otherwise.
 */
export function QueryLoadProblem({ query, panel, banner, onRefresh }: { query: QueryLike; panel: string; banner: string; onRefresh: () => void }) {
  if (!query.error) return null
  const hasData = query.data !== undefined
  return (
    <LoadProblem
      mode={hasData ? "banner" : "panel"}
      message={hasData ? banner : panel}
      error={query.error}
      onRefresh={onRefresh}
      refreshing={query.isFetching}
    />
  )
}
