import i18next from "i18next"
import type { ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { beforeAll, describe, expect, it } from "vitest"
import { Address, Ltr, Money } from "./format.ts"

const i18n = i18next.createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "ar", resources: {} })
})

const render = (node: ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>)
const plain = (html: string) => html.replace(/[\u00a0\u202f]/g, " ")

describe("bidi isolation", () => {
  it("shows an amount as one isolated left-to-right run, amount then FCFA, in Arabic", () => {
    expect(plain(render(<Money amount={35000} />))).toBe('<bdi dir="ltr" class="money">35,000 FCFA</bdi>')
  })

  it("adds a suffix inside the same run (starting price « 15 000 FCFA+ »)", () => {
    expect(plain(render(<Money amount={15000} suffix="+" />))).toContain(">15,000 FCFA+</bdi>")
  })

  it("isolates an address and lets it take its own direction, parts in order", () => {
    expect(render(<Address parts={["18 avenue des Jambaars", "Plateau", null]} />)).toBe("<bdi>18 avenue des Jambaars, Plateau</bdi>")
  })

  it("isolates ids, phones and e-mails left to right", () => {
    expect(render(<Ltr>221771234567</Ltr>)).toBe('<bdi dir="ltr">221771234567</bdi>')
  })
})
