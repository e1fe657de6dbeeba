import type { ChangePasswordRequest } from "../../schemas/session.ts"
import type { Theme } from "../../schemas/settings.ts"
import * as session from "../../schemas/contracts/session.ts"
import { callApi } from "./client.ts"

/**
 * Shows the theme saved in the user's settings (DARK, LIGHT, SYSTEM) as `data-color-scheme` on
 * <html>; without one the page keeps the light colours. It lives here, in the module every session
 * load imports lazily, so the visitor's landing page pays no byte for it (`data-theme` already
 * holds the PROMED or SAHEL colours, which the scheme combines with: src/ui/styles.css).
 */
export function applyColorScheme(theme: Theme | null | undefined): void {
  if (typeof document === "undefined") return
  if (theme) document.documentElement.dataset.colorScheme = theme.toLowerCase()
  else delete document.documentElement.dataset.colorScheme
}

export const validateSession = (token: string) =>
  callApi(session.validateSession, { token }).catch((error: unknown) => {
    applyColorScheme(null)
    throw error
  })

/** GET /session; the user's saved theme is applied on every load and refresh (after a settings save too). */
export const fetchSession = async (token: string) => {
  const user = await callApi(session.getSession, { token })
  applyColorScheme(user.settings?.theme)
  return user
}

export const logout = async (token: string) => {
  applyColorScheme(null)
  return callApi(session.logout, { token })
}

/** POST /account/change-password; success ends every session of the user (SPEC §7). */
export const changePassword = (body: ChangePasswordRequest) => callApi(session.changePassword, { body })
