import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { CalendarFeedLink } from "../../../schemas/calendarFeed.ts"
import { calendarFeedStatusQuery, createCalendarFeed, revokeCalendarFeed } from "../../api/calendarFeed.ts"
import { formatDate } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { Button } from "../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { loadFailureText } from "../../errors/failureText.ts"

/**
 * The private calendar feed (issue 13), in a patient's or a doctor's settings: a secret address a
 * calendar application subscribes to, which then keeps the appointments up to date by itself. The
 * address is shown once, when made (the gateway keeps only its hash); it can be replaced, which
 * stops the old one, or revoked. Its buttons never submit the settings form around it. Needs the
 * `calendarFeed` texts.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const titleId = useId()
  const status = useQuery(calendarFeedStatusQuery())
  const [shown, setShown] = useState<CalendarFeedLink | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedStatusQuery().queryKey })
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (link) => {
      setShown(link)
      void refresh()
    },
  })
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      setShown(null)
      toast.success(t("calendarFeed.revoked"), TOAST_DURATION.normal)
      void refresh()
    },
  })
  const active = status.data?.active === true
  const since = status.data?.createdAt ? formatDate(status.data.createdAt, i18n.language as Language) : null

  return (
    <section className="card form-section stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t("calendarFeed.title")}
      </h2>
      <p className="muted">{t("calendarFeed.intro")}</p>
      {status.isError ? (
        <p className="alert alert-danger" role="alert">
          {loadFailureText(t, status.error, t("calendarFeed.loadFailed"))}
        </p>
      ) : null}
      {shown ? <ShownLink link={shown} /> : null}
      {status.data ? <p role="status">{active && since ? t("calendarFeed.activeSince", { date: since }) : t("calendarFeed.none")}</p> : null}
      <div className="row">
        <Button type="button" variant={active ? "secondary" : "primary"} loading={create.isPending} disabled={!status.data} onClick={() => create.mutate()}>
          {active ? t("calendarFeed.replace") : t("calendarFeed.create")}
        </Button>
        {active ? (
          <Button type="button" variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            {t("calendarFeed.revoke")}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

/** The new address, this once: selectable, copied with one press, written left to right. */
function ShownLink({ link }: { link: CalendarFeedLink }) {
  const { t } = useTranslation()
  const inputId = useId()
  const copy = () =>
    void navigator.clipboard
      ?.writeText(link.url)
      .then(() => toast.success(t("calendarFeed.copied"), TOAST_DURATION.normal))
      .catch(() => undefined)
  return (
    <div className="stack">
      <label htmlFor={inputId}>{t("calendarFeed.linkLabel")}</label>
      <div className="row">
        <input id={inputId} className="input" dir="ltr" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="secondary" onClick={copy}>
          {t("calendarFeed.copy")}
        </Button>
      </div>
      <p className="alert alert-warning">{t("calendarFeed.showOnce")}</p>
    </div>
  )
}
