import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { TFunction } from "i18next"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { SESSION_IDLE } from "../../../schemas/limits.ts"
import type { AccountSession, SessionDevice } from "../../../schemas/sessions.ts"
import { endOtherSessions, endSession, sessionsQuery } from "../../api/sessions.ts"
import { loadFailureText } from "../../errors/failureText.ts"
import { formatDate } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import "./account.css"

/** "Chrome on Android" in the user's language; what the User-Agent did not say is said as unknown. */
function deviceName(t: TFunction, { browser, os }: SessionDevice): string {
  if (browser && os) return t("sessions.browserOnOs", { browser, os })
  if (browser) return browser
  return os ? t("sessions.unknownBrowserOnOs", { os }) : t("sessions.unknownDevice")
}

/**
 * The account's sessions (issue 38), in a patient's or a doctor's settings: each signed-in device
 * with its last activity, this one marked; the others can be ended one by one or all at once
 * ("sign out everywhere else"). Failures of those go to the error modal like every mutation's.
 * Its buttons never submit the settings form around it. Needs the `sessions` texts.
 */
export function SessionsCard() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const titleId = useId()
  const role = useSessionUser()?.roleName
  const list = useQuery(sessionsQuery())
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey })
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => {
      toast.success(t("sessions.endedOthers", { count: ended }), TOAST_DURATION.normal)
      void refresh()
    },
  })
  const others = list.data?.sessions.filter((s) => !s.current) ?? []

  return (
    <section className="card form-section stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t("sessions.title")}
      </h2>
      <p className="muted">
        {t("sessions.intro")}{" "}
        {role === "DOCTOR" ? t("sessions.idleHours", { count: SESSION_IDLE.doctorHours }) : t("sessions.idleDays", { count: SESSION_IDLE.days })}
      </p>
      {list.isError ? (
        <p className="alert alert-danger" role="alert">
          {loadFailureText(t, list.error, t("sessions.loadFailed"))}
        </p>
      ) : null}
      {list.data ? (
        <ul className="session-list" aria-labelledby={titleId}>
          {list.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnded={refresh} />
          ))}
        </ul>
      ) : null}
      {list.data && others.length === 0 ? <p role="status">{t("sessions.noOthers")}</p> : null}
      <div className="row">
        <Button
          type="button"
          variant="secondary"
          className="session-end-others"
          loading={endOthers.isPending}
          disabled={others.length === 0}
          onClick={() => endOthers.mutate()}
        >
          {t("sessions.endOthers")}
        </Button>
      </div>
    </section>
  )
}

function SessionRow({ session, onEnded }: { session: AccountSession; onEnded: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const name = deviceName(t, session.device)
  const end = useMutation({
    mutationFn: () => endSession(session.id),
    onSuccess: () => {
      toast.success(t("sessions.endedOne"), TOAST_DURATION.normal)
      void onEnded()
    },
  })
  const when = (iso: string) => formatDate(iso, language, { dateStyle: "medium", timeStyle: "short" })
  return (
    <li className="session-row" data-testid="session-row">
      <div className="session-what">
        <span className="session-device">
          <strong>{name}</strong>
          {session.current ? <span className="badge badge-success">{t("sessions.thisDevice")}</span> : null}
        </span>
        <span className="muted">{t("sessions.lastSeen", { date: when(session.lastSeenAt) })}</span>
        <span className="muted">{t("sessions.since", { date: when(session.createdAt) })}</span>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="small"
          loading={end.isPending}
          aria-label={t("sessions.endOneLabel", { device: name })}
          onClick={() => end.mutate()}
        >
          {t("sessions.endOne")}
        </Button>
      )}
    </li>
  )
}
