import i18next from "i18next"
import { renderToStaticMarkup } from "react-dom/server"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { beforeAll, describe, expect, it } from "vitest"
import ar from "../../../../locales/ar.json"
import fr from "../../../../locales/fr.json"
import { depositAmountOf, DepositSettings, type DepositValues } from "./DepositSettings.tsx"

const i18n = i18next.createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "fr", resources: { fr: { translation: fr }, ar: { translation: ar } }, interpolation: { escapeValue: false } })
})

const noop = () => {}
/** The text a reader gets: tags dropped, no-break spaces read as spaces. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()

async function render(values: DepositValues, error?: string, language: "fr" | "ar" = "fr", timeZone: "Africa/Dakar" | "Africa/Ndjamena" = "Africa/Dakar") {
  await i18n.changeLanguage(language)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DepositSettings values={values} onChange={noop} error={error} timeZone={timeZone} />
    </I18nextProvider>,
  )
}

describe("the deposit setting", () => {
  it("says what the patient will see, in the issue's words, for a deposit asked of all", async () => {
    const text = textOf(await render({ depositFor: "ALL", bookingDeposit: 5000 }))
    expect(text).toContain(
      "Vos patients paieront un acompte de 5 000 FCFA par Wave, Orange Money, Free Money ou carte en réservant ; il leur est remboursé s'ils annulent au moins 24 h avant, et conservé s'ils ne viennent pas.",
    )
    expect(text).toContain("Acompte à la réservation")
    expect(text).toContain("En francs entiers, de 500 FCFA à 50 000 FCFA")
  })

  it("says the patients concerned when only those who missed a visit pay, and Chad's ways to pay", async () => {
    const text = textOf(await render({ depositFor: "AFTER_NO_SHOW", bookingDeposit: 2500 }, undefined, "fr", "Africa/Ndjamena"))
    expect(text).toContain("qui ont déjà manqué un rendez-vous avec vous paieront un acompte de 2 500 FCFA par Airtel Money ou Moov Money")
  })

  it("asks no amount when no deposit is asked", async () => {
    const html = await render({ depositFor: "NONE", bookingDeposit: 5000 })
    expect(html).not.toContain("Montant de l&#x27;acompte")
    expect(textOf(html)).toContain("Vos patients réservent sans rien payer en ligne.")
    expect(html).toMatch(/<input(?=[^>]*value="NONE")(?=[^>]*checked="")/)
  })

  it("shows the refused amount's error instead of a sentence with it", async () => {
    const text = textOf(await render({ depositFor: "ALL", bookingDeposit: 499 }, "validation.bookingDepositMin"))
    expect(text).toContain("L'acompte est d'au moins 500 FCFA")
    expect(text).not.toContain("paieront")
  })

  it("isolates the amount inside the Arabic sentence, amount then FCFA", async () => {
    const html = await render({ depositFor: "ALL", bookingDeposit: 5000 }, undefined, "ar")
    expect(html).toMatch(/<bdi dir="ltr" class="money">5,000\u00a0FCFA<\/bdi>/)
    expect(textOf(html)).toContain("سيدفع مرضاك عربونًا قدره")
  })
})

describe("what the amount field reads", () => {
  it("takes whole francs, with or without grouping spaces", () => {
    expect(depositAmountOf("5000")).toBe(5000)
    expect(depositAmountOf("5 000")).toBe(5000)
    expect(depositAmountOf("50\u202f000")).toBe(50000)
  })
  it("hands decimals, empty fields and words to the schema as they are, to be refused there", () => {
    expect(depositAmountOf("500.5")).toBe(500.5)
    expect(depositAmountOf("")).toBeNaN()
    expect(depositAmountOf("cinq mille")).toBeNaN()
  })
})
