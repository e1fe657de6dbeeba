import type { SessionResponse, ValidateSessionResponse } from "../../schemas/session.ts"
import { testIds } from "../../schemas/testIds.ts"

export const validSession: ValidateSessionResponse = {
  sessionId: "6f0c1b4e-0000-4000-8000-000000000001",
  expiresAt: "2026-11-21T20:00:00Z",
  sessionStatus: "VALID_SESSION",
}

export const patientUser: SessionResponse = {
  id: testIds.user("6f0c1b4e-0000-4000-8000-000000000002"),
  email: "patient@demo.sn",
  roleName: "PATIENT",
  firstName: "Awa",
  lastName: "Diop",
  photoUrl: null,
  settings: null,
  metadata: {},
  appointments: [],
}
