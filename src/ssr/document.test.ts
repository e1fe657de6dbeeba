import { describe, expect, it } from "vitest"
import { pageDocument } from "./document.ts"

const SHELL = `<!doctype html>
<html lang="fr" dir="ltr" data-theme="promed">
  <head>
    <title>Promed</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe("pageDocument", () => {
  it("puts the language, the head lines, the markup tagged with its address, and the data block in the shell", () => {
    const html = pageDocument(SHELL, {
      language: "ar",
      head: '    <link rel="stylesheet" href="/assets/a.css">\n',
      markup: "<h1>مرحبا</h1>",
      href: '/doctors?q="a"&b=<c>',
      data: '{"queries":[]}',
    })
    expect(html).toContain('<html lang="ar" dir="rtl" data-theme="promed">')
    expect(html).toContain('<link rel="stylesheet" href="/assets/a.css">\n  </head>')
    expect(html).toContain('<div id="root" data-prerendered="ar" data-href="/doctors?q=&quot;a&quot;&amp;b=&lt;c>"><h1>مرحبا</h1></div>')
    expect(html).toContain('<script type="application/json" id="promed-page-data">{"queries":[]}</script>')
  })

  it("takes the markup literally, `$` patterns included", () => {
    const html = pageDocument(SHELL, { language: "fr", head: "", markup: "<p>$& $' $` $$ 100 $</p>", href: "/" })
    expect(html).toContain("<p>$& $' $` $$ 100 $</p>")
    expect(html).not.toContain("promed-page-data")
  })

  it("refuses a shell that was already filled", () => {
    const filled = pageDocument(SHELL, { language: "fr", head: "", markup: "<p>x</p>", href: "/" })
    expect(() => pageDocument(filled, { language: "fr", head: "", markup: "<p>y</p>", href: "/" })).toThrow(/no empty/)
  })
})
