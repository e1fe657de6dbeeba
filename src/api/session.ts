import { OkResponse, SessionResponse, ValidateSessionResponse } from "../../schemas/session.ts"
import { apiRequest } from "./client.ts"

export const validateSession = (token: string) => apiRequest(ValidateSessionResponse, "/validate-session", { method: "POST", token })

export const fetchSession = (token: string) => apiRequest(SessionResponse, "/session", { token })

export const logout = (token: string) => apiRequest(OkResponse, "/logout", { token })
