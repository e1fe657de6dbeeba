import { useTranslation } from "react-i18next"
import { Button } from "../../../ui/Button.tsx"
import "./doctorCommon.css"

export interface LoadProblemProps {
  message: string
  onRefresh: () => void
  /** "panel" replaces what could not load; "banner" sits above data that is still shown. */
  mode: "panel" | "banner"
  refreshing?: boolean
}

/** A load failure in red with a refresh button (SPEC §8, schedule and lists). */
export function LoadProblem({ message, onRefresh, mode, refreshing }: LoadProblemProps) {
  const { t } = useTranslation()
  return (
    <div role="alert" className={`alert alert-danger load-problem load-problem-${mode}`}>
      <span>{message}</span>
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
  return <LoadProblem mode={hasData ? "banner" : "panel"} message={hasData ? banner : panel} onRefresh={onRefresh} refreshing={query.isFetching} />
}
