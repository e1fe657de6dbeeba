import type { ChangePasswordRequest } from "../../schemas/session.ts"
import * as session from "../../schemas/contracts/session.ts"
import { applyColorScheme } from "../session/colorScheme.ts"
import { callApi } from "./client.ts"

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
