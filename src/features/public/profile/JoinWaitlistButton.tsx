import { useRouterState } from "@tanstack/react-router"
import { lazy, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
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
  if (status === "VALID_SESSION" && !user?.metadata.patient) return null
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
