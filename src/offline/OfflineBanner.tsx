import { Trans, useTranslation } from "react-i18next"
import { formatDate } from "../i18n/format.ts"
import type { Language } from "../i18n/languages.ts"
import { useSessionView } from "../session/useSession.ts"
import { readOfflineSnapshot } from "./offlineStore.ts"
import "./offline.css"

/** The token of the tab's session, live or kept while the gateway cannot be reached. */
export const useTabToken = () => useSessionView((view) => view.sessionToken ?? view.pendingToken)

/** When the tab's offline copy was fetched, in the user's language (date and time), or null when it keeps none. */
export function useOfflineSince(): string | null {
  const { i18n } = useTranslation()
  const kept = readOfflineSnapshot(useTabToken())
  return kept ? formatDate(kept.savedAt, i18n.language as Language, { dateStyle: "medium", timeStyle: "short" }) : null
}

/** Shown while the browser has no network: says so, and how old the data shown is when the tab keeps some (issue 13). */
export function OfflineBanner() {
  const { t } = useTranslation()
  const since = useOfflineSince()
  return (
    <p className="offline-banner" role="status">
      {since ? <Trans i18nKey="offline.since" values={{ date: since }} components={{ when: <bdi /> }} /> : t("offline.title")}
    </p>
  )
}
