import type { LoginLang } from "./loginPage.ts"

/** Text made safe to place in HTML, attributes included. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!)

/**
 * A page of the login site: no script at all, the login site's stylesheet, right to left in
 * Arabic, and a same-origin referrer policy so that its forms carry our Origin (sameOriginForm.ts).
 */
export function renderAuthPage(lang: LoginLang, title: string, main: string, nav = ""): string {
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/auth/login.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main class="card">
  ${nav}<p class="brand">Promed</p>
  <h1>${escapeHtml(title)}</h1>
  ${main}
</main>
</body>
</html>`
}
