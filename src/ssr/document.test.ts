import { describe, expect, it } from "vitest"
import { pageDocument } from "./document.ts"

const SHELL = `<!doctype html>
<html lang="fr" dir="ltr" data-theme="promed">
  <head>
    <title>Promed</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-abc.js">
  </head>
  <body>
    <div id="root"></div>
    <script defer data-takeover src="/assets/takeover-abc.js"></script>
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

  it("fetches no script before the first paint: the entry and every preload go to the takeover, in order", () => {
    const html = pageDocument(SHELL, {
      language: "fr",
      head: '    <link rel="stylesheet" href="/assets/a.css">\n    <link rel="modulepreload" crossorigin href="/assets/Page-abc.js">\n',
      // A page's text that reads like a tag stays where it is (React escapes it; this one is raw on purpose).
      markup: '<p><link rel="modulepreload" crossorigin href="/evil.js"></p>',
      href: "/",
    })
    expect(html).not.toMatch(/<head>[\s\S]*(modulepreload|type="module")[\s\S]*<\/head>/)
    expect(html).toContain('<link rel="stylesheet" href="/assets/a.css">')
    expect(html).toContain(
      '<script defer data-takeover data-entry="/assets/index-abc.js" data-modules="/assets/shell-abc.js /assets/Page-abc.js" src="/assets/takeover-abc.js"></script>',
    )
    expect(html).toContain('<p><link rel="modulepreload" crossorigin href="/evil.js"></p>')
  })

  it("refuses a shell without the takeover, which would leave the page without its app", () => {
    expect(() => pageDocument(SHELL.replace(/\s*<script defer data-takeover[^\n]*/, ""), { language: "fr", head: "", markup: "", href: "/" })).toThrow(
      /takeover/,
    )
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
