import type { ChangePasswordRequest } from "../../schemas/session.ts"
import * as session from "../../schemas/contracts/session.ts"
import { callApi } from "./client.ts"

export const validateSession = (token: string) => callApi(session.validateSession, { token })

export const fetchSession = (token: string) => callApi(session.getSession, { token })

export const logout = (token: string) => callApi(session.logout, { token })

/** POST /account/change-password; success ends every session of the user (SPEC §7). */
export const changePassword = (body: ChangePasswordRequest) => callApi(session.changePassword, { body })
