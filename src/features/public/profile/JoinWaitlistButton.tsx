import { useQuery } from "@tanstack/react-query"
import { Link, useRouterState } from "@tanstack/react-router"
import { lazy, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { slotWaitlistsQuery } from "../../../api/slotWaitlists.ts"
import { ensureTexts } from "../../../i18n/i18n.ts"
import { loginUrl } from "../../../session/loginUrl.ts"
import { useSessionLanguage, useSessionStatus, useSessionUser } from "../../../session/useSession.ts"
import { Button, type ButtonProps } from "../../../ui/Button.tsx"

// With the booking texts its "for whom" choices share with the wizard (not loaded before the wizard opens).
const JoinWaitlistDialog = lazy(() => Promise.all([import("./JoinWaitlistDialog.tsx"), ensureTexts(["booking"])]).then(([dialog]) => dialog))

export interface JoinWaitlistButtonProps extends Omit<ButtonProps, "onClick"> {
  doctor: Doctor
  /** The dates proposed first (a full week's); today to two weeks on by default. */
  range?: { fromDate: string; toDate: string }
}

/**
 * "Join the waitlist" (issue 14): opens the join dialog for a signed-in patient; a visitor goes to
 * the login site, which brings them back here, as the Book button does. Other roles see nothing.
 */
export function JoinWaitlistButton({ doctor, range, ...button }: JoinWaitlistButtonProps) {
  const { t } = useTranslation()
  const status = useSessionStatus()
  const user = useSessionUser()
  const language = useSessionLanguage()
  const href = useRouterState({ select: (s) => s.location.href })
  const [open, setOpen] = useState(false)
  const patient = status === "VALID_SESSION" && Boolean(user?.metadata.patient)
  const mine = useQuery({ ...slotWaitlistsQuery(), enabled: patient })
  if (status === "VALID_SESSION" && !patient) return null
  // Already waiting for this doctor: said so, with the way to the list (where one leaves it), not Join again.
  if (mine.data?.some((entry) => entry.doctorId === doctor.id)) {
    return (
      <p className="waitlist-joined" role="status">
        <span>{t("slotWaitlist.onList")}</span> <Link to="/appointments">{t("slotWaitlist.seeWaitlists")}</Link>
      </p>
    )
  }
  const join = () => (status === "VALID_SESSION" ? setOpen(true) : window.location.assign(loginUrl(href, language)))
  return (
    <>
      <Button variant="secondary" {...button} onClick={join}>
        {t("slotWaitlist.join")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <JoinWaitlistDialog doctor={doctor} open onOpenChange={setOpen} {...(range ? { range } : {})} />
        </Suspense>
      ) : null}
    </>
  )
}
