/**
 * The data block of a server-rendered page: the queries its render used, as JSON in
 * `<script type="application/json" id="promed-page-data">`. A JSON block is not executed, so the
 * content security policy (no inline script) allows it; `<` is escaped so no text can close it.
 */
export const PAGE_DATA_ID = "promed-page-data"

/** JSON made safe to sit inside a <script> element. */
export const escapeJsonForHtml = (json: string): string => json.replace(/</g, "\\u003c")

/** The parsed data block of this page, or null when it has none (or it is unreadable). */
export function readPageData(): unknown {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
