import * as Schema from "effect/Schema"
import { Appointment } from "./appointment.ts"
import { Doctor } from "./doctor.ts"
import { crossFieldRule, Password } from "./fields.ts"
import { Patient } from "./patient.ts"
import { Role } from "./enums.ts"
import { DoctorSettings, PatientSettings } from "./settings.ts"
import { FacilityId, UserId } from "./ids.ts"

export const SESSION_STATUSES = ["VALID_SESSION", "INVALID_SESSION"] as const
export const SessionStatus = Schema.Literals(SESSION_STATUSES)
export type SessionStatus = typeof SessionStatus.Type

/** POST /validate-session */
export const ValidateSessionResponse = Schema.Struct({
  sessionId: Schema.String,
  expiresAt: Schema.String,
  sessionStatus: SessionStatus,
})
export type ValidateSessionResponse = typeof ValidateSessionResponse.Type

export const ManagerMetadata = Schema.Struct({
  phoneNumber: Schema.NullOr(Schema.String),
  healthcareFacility: Schema.NullOr(Schema.Struct({ id: FacilityId, name: Schema.String, city: Schema.NullOr(Schema.String) })),
})
export type ManagerMetadata = typeof ManagerMetadata.Type

/** GET /session: the signed-in user with the record of their role. */
export const SessionResponse = Schema.Struct({
  id: UserId,
  email: Schema.String,
  roleName: Role,
  firstName: Schema.String,
  lastName: Schema.String,
  photoUrl: Schema.NullOr(Schema.String),
  settings: Schema.NullOr(Schema.Union([DoctorSettings, PatientSettings])),
  metadata: Schema.Struct({
    patient: Schema.optionalKey(Patient),
    doctor: Schema.optionalKey(Doctor),
    manager: Schema.optionalKey(ManagerMetadata),
  }),
  appointments: Schema.Array(Appointment),
})
export type SessionResponse = typeof SessionResponse.Type
export type SessionUser = SessionResponse

/** POST /account/change-password; the form adds a confirmation checked on the client. */
export const ChangePasswordRequest = Schema.Struct({
  oldPassword: Schema.String.check(Schema.isMinLength(1, { message: "validation.required" }), Schema.isMaxLength(128, { message: "validation.tooLong" })),
  newPassword: Password,
}).check(crossFieldRule<{ oldPassword: string; newPassword: string }>("newPassword", (b) => b.oldPassword !== b.newPassword, "validation.passwordMustDiffer"))
export type ChangePasswordRequest = typeof ChangePasswordRequest.Type

export const OkResponse = Schema.Struct({ ok: Schema.Literal(true) })

/** POST /auth/token: for scripts and API tests. */
export const TokenRequest = Schema.Struct({
  email: Schema.String.check(Schema.isMaxLength(254)),
  password: Schema.String.check(Schema.isMaxLength(128)),
})
export const TokenResponse = Schema.Struct({ token: Schema.String, expiresAt: Schema.String })
