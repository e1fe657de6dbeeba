import { expect, type Locator, type Page } from "@playwright/test"

/** The page is not wider than the viewport (nothing to scroll sideways on a phone). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(scroll, "horizontal overflow").toBeLessThanOrEqual(client)
}

/** The FCFA amount shown after a label in each card, e.g. "Consultation au cabinet 15 000 FCFA" → 15000. */
export async function fcfaAmounts(cards: Locator, label: string): Promise<number[]> {
  const texts = await cards.allInnerTexts()
  return texts.flatMap((text) => {
    const match = new RegExp(`${label}\\s*([\\d\\s\\u202f\\u00a0]+)\\s*FCFA`).exec(text)
    return match ? [Number(match[1]!.replace(/\D/g, ""))] : []
  })
}

export interface SinkMail {
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly replyTo: string
  readonly text: string
}

/** The mails the local SMTP sink received (playwright.config.ts starts it at E2E_PORT + 2000). */
export async function sinkMessages(): Promise<SinkMail[]> {
  const port = Number(process.env.E2E_PORT ?? 8181) + 2000
  const response = await fetch(`http://127.0.0.1:${port}/messages`)
  return (await response.json()) as SinkMail[]
}
