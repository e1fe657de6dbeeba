import { useTranslation } from "react-i18next"
import { useSessionUser } from "../../session/useSession.ts"

/** A role home until its dashboard lands: greets the signed-in user by name. */
export function WelcomePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  const user = useSessionUser()
  return (
    <section className="container page" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t(titleKey)}</h1>
      {user ? <p data-testid="welcome-name">{t("placeholder.welcome", { name: `${user.firstName} ${user.lastName}` })}</p> : null}
      <p className="muted">{t("placeholder.description")}</p>
    </section>
  )
}
