import { useTranslation } from "react-i18next"
import { PAGE_SIZES } from "../../schemas/common.ts"

export interface PaginationProps {
  page: number
  limit: number
  totalCount: number
  /** The count stopped at totalCount and there are more: the last page known is not the last. */
  countCapped?: boolean
  onPageChange: (page: number) => void
  onLimitChange: (limit: number) => void
}

/** Previous / next with the page position, and the page sizes of SPEC §9 (5, 10, 25, 50, 100). */
export function Pagination({ page, limit, totalCount, countCapped = false, onPageChange, onLimitChange }: PaginationProps) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(totalCount / limit))
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t("pagination.previous")}
      </button>
      <span aria-live="polite">{t(countCapped ? "pagination.positionAtLeast" : "pagination.position", { page, pages })}</span>
      <button type="button" className="btn btn-secondary btn-small" disabled={page >= pages && !countCapped} onClick={() => onPageChange(page + 1)}>
        {t("pagination.next")}
      </button>
      <label className="row pagination-size">
        <span>{t("pagination.perPage")}</span>
        <select className="native-select" value={limit} onChange={(e) => onLimitChange(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  )
}
