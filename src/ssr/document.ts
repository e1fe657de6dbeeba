import { directionOf, type Language } from "../i18n/languages.ts"
import { PAGE_DATA_ID } from "./pageData.ts"

const ROOT = '<div id="root"></div>'

export interface PageParts {
  readonly language: Language
  /** Lines for <head>: the page's CSS and preloads. */
  readonly head: string
  /** #root's markup. */
  readonly markup: string
  /** The address the markup was drawn for; the browser hydrates only at that address (src/main.tsx). */
  readonly href: string
  /** The data block's JSON, already escaped (src/ssr/pageData.ts). */
  readonly data?: string
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")

/** The drawn page's shell marks where src/ssr/takeover.js goes (scripts/prerender.ts). */
export const TAKEOVER_TAG = "<script defer data-takeover"
const MODULE_ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * The page's module entry and preloads, moved from <head> into the takeover tag's data: the page
 * is drawn, so its scripts start after its first paint (src/ssr/takeover.js says why).
 */
function scriptsAfterPaint(html: string): string {
  if (!html.includes(TAKEOVER_TAG)) throw new Error("the page shell has no takeover script (scripts/prerender.ts)")
  const entries = [...html.matchAll(MODULE_ENTRY)].map((match) => match[1]!)
  if (entries.length !== 1) throw new Error(`the page shell has ${entries.length} module entries, not one`)
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  return html
    .replace(MODULE_ENTRY, "")
    .replace(MODULE_PRELOAD, "")
    .replace(TAKEOVER_TAG, () => `${TAKEOVER_TAG} data-entry="${escapeAttribute(entries[0]!)}" data-modules="${escapeAttribute(modules.join(" "))}"`)
}

/**
 * The built index.html with a rendered page in it: <html lang dir> in the page's language, the
 * head lines, the markup in #root (tagged with its language and address), and the data block.
 * Replacements are functions, so a `$` in a doctor's biography is never read as a pattern.
 */
export function pageDocument(shell: string, parts: PageParts): string {
  if (!shell.includes(ROOT)) throw new Error(`the shell has no empty ${ROOT}`)
  const data = parts.data ? `\n    <script type="application/json" id="${PAGE_DATA_ID}">${parts.data}</script>` : ""
  // The scripts are moved before the page's own markup goes in, so nothing in that markup is read as a tag.
  const frame = scriptsAfterPaint(
    shell
      .replace(/<html lang="[^"]*" dir="[^"]*"/, () => `<html lang="${parts.language}" dir="${directionOf(parts.language)}"`)
      .replace("</head>", () => `${parts.head}  </head>`),
  )
  return frame.replace(
    ROOT,
    () => `<div id="root" data-prerendered="${parts.language}" data-href="${escapeAttribute(parts.href)}">${parts.markup}</div>${data}`,
  )
}

/** A `<link>` line for <head> announcing one built file: CSS applies at once, scripts are fetched ahead. */
export const headLine = (file: string): string =>
  file.endsWith(".css") ? `    <link rel="stylesheet" href="/${file}">\n` : `    <link rel="modulepreload" crossorigin href="/${file}">\n`
