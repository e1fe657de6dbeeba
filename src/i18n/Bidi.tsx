import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { formatFcfa } from "./format.ts"
import type { Language } from "./languages.ts"

/**
 * A left-to-right run (an id, a phone number, an e-mail, an amount) isolated from the text around
 * it: in Arabic, "35 000 FCFA" then stays "35 000 FCFA" instead of "FCFA 000 35".
 */
export const Ltr = ({ children, className }: { children?: ReactNode; className?: string }) => (
  <bdi dir="ltr" className={className}>
    {children}
  </bdi>
)

/** An FCFA amount, amount then label, as one isolated left-to-right run. */
export function Money({ amount, suffix = "" }: { amount: number; suffix?: string }) {
  const { i18n } = useTranslation()
  return <Ltr className="money">{formatFcfa(amount, i18n.language as Language) + suffix}</Ltr>
}

/** An address, isolated and taking its direction from its own first letter: "18 avenue des Jambaars, Plateau" keeps its order. */
export const Address = ({ parts }: { parts: ReadonlyArray<string | null | undefined> }) => <bdi>{parts.filter(Boolean).join(", ")}</bdi>
