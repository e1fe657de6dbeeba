import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { managerDoctorRequestsQuery, markDoctorRequestReviewed } from "../../api/doctorRequests.ts"
import { specialtyLabel } from "../../i18n/doctorText.ts"
import { formatDate, Ltr } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { Button } from "../../ui/Button.tsx"
import { PhoneLink } from "../../ui/PhoneLink.tsx"
import { toast } from "../../ui/toast/toastStore.ts"
import { failureText } from "../../errors/failureText.ts"
import "./doctorRequests.css"
import { LoadFailed } from "../../ui/LoadFailed.tsx"

/**
 * "Demandes d'adhésion de médecins" (issue 11), on the manager's dashboard: the pending requests
 * the gateway gives this manager (their facility's and the unaddressed ones), newest first; each
 * can be marked as reviewed, which takes it off the list.
 */
export function DoctorRequestsSection() {
  const { t, i18n } = useTranslation()
  const requests = useQuery(managerDoctorRequestsQuery())
  const language = i18n.language as Language
  const queryClient = useQueryClient()
  const review = useMutation({
    mutationFn: markDoctorRequestReviewed,
    onSuccess: async () => {
      toast.success(t("managerDoctorRequests.markedToast"))
      await queryClient.invalidateQueries({ queryKey: managerDoctorRequestsQuery().queryKey })
    },
    onError: (error) => toast.error(failureText(t, error, t("managerDoctorRequests.markFailed"))),
  })
  return (
    <section className="card stack doctor-requests" aria-labelledby="doctor-requests-title" data-testid="doctor-requests">
      <h2 id="doctor-requests-title" className="section-title">
        {t("managerDoctorRequests.title")}
      </h2>
      <p className="muted">{t("managerDoctorRequests.intro")}</p>
      {requests.isPending ? (
        <p className="muted" role="status">
          {t("managerDoctorRequests.loading")}
        </p>
      ) : requests.isError ? (
        <LoadFailed
          message={t("managerDoctorRequests.failed")}
          error={requests.error}
          onRetry={() => void requests.refetch()}
          retryLabel={t("managerDoctorRequests.retry")}
        />
      ) : requests.data.data.length === 0 ? (
        <p className="empty-state">{t("managerDoctorRequests.empty")}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t("managerDoctorRequests.count", { count: requests.data.data.length })}
          </p>
          <ul className="doctor-request-list">
            {requests.data.data.map((r) => (
              <li key={r.id} className="doctor-request-item stack">
                <div className="doctor-request-head">
                  <h3>
                    <bdi>
                      {r.firstName} {r.lastName}
                    </bdi>
                  </h3>
                  <span className="muted">{t("managerDoctorRequests.receivedOn", { date: formatDate(r.createdAt, language) })}</span>
                </div>
                <dl className="info-list">
                  <dt>{t("managerDoctorRequests.specialty")}</dt>
                  <dd>{specialtyLabel(t, { code: r.specialtyCode, label: r.specialtyCode })}</dd>
                  <dt>{t("managerDoctorRequests.refNumber")}</dt>
                  <dd>
                    <Ltr>{r.refNumber}</Ltr>
                  </dd>
                  <dt>{t("managerDoctorRequests.email")}</dt>
                  <dd>
                    <a href={`mailto:${r.email}`}>
                      <Ltr>{r.email}</Ltr>
                    </a>
                  </dd>
                  <dt>{t("managerDoctorRequests.phone")}</dt>
                  <dd>
                    <PhoneLink phone={r.phoneNumber} />
                  </dd>
                  <dt>{t("managerDoctorRequests.facility")}</dt>
                  <dd>{r.facility ? <bdi>{r.facility.name}</bdi> : t("managerDoctorRequests.anyFacility")}</dd>
                </dl>
                {r.message ? (
                  <blockquote className="doctor-request-message">
                    <span className="visually-hidden">{t("managerDoctorRequests.message")} : </span>
                    <bdi>{r.message}</bdi>
                  </blockquote>
                ) : null}
                <div className="row">
                  <Button
                    variant="secondary"
                    size="small"
                    loading={review.isPending && review.variables === r.id}
                    disabled={review.isPending}
                    onClick={() => review.mutate(r.id)}
                  >
                    {review.isPending && review.variables === r.id ? t("managerDoctorRequests.marking") : t("managerDoctorRequests.markReviewed")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
