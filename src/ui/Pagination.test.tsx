import i18next from "i18next"
import { renderToStaticMarkup } from "react-dom/server"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { beforeAll, describe, expect, it } from "vitest"
import fr from "../../locales/fr.json"
import { Pagination } from "./Pagination.tsx"

const i18n = i18next.createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "fr", resources: { fr: { translation: fr } } })
})

const noop = () => {}
const render = (totalCount: number, page: number, countCapped?: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Pagination page={page} limit={10} totalCount={totalCount} countCapped={countCapped} onPageChange={noop} onLimitChange={noop} />
    </I18nextProvider>,
  )
const nextDisabled = (html: string) => /<button[^>]*disabled=""[^>]*>Suivant/.test(html)

describe("Pagination", () => {
  it("stops at the last page of an exact count", () => {
    const html = render(95, 10)
    expect(html).toContain("Page 10 sur 10")
    expect(nextDisabled(html)).toBe(true)
  })

  it("keeps going past a count the gateway stopped (more than 1 000 matches)", () => {
    const html = render(1000, 100, true)
    expect(html).toContain("Page 100 sur plus de 100")
    expect(nextDisabled(html)).toBe(false)
  })
})
