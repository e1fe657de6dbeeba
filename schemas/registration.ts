import * as Schema from "effect/Schema"
import { Email, Password, personName } from "./fields.ts"
import { ProfilePhone } from "./phone.ts"

/**
 * A patient's sign-up on the login site (/auth/register): names, sign-in address, an E.164 phone,
 * a password under the rules of SPEC §5 (at least 8 characters, lower and upper case, a digit,
 * one of @$!%*?&, nothing else), and the terms accepted.
 */
export const PatientRegistration = Schema.Struct({
  firstName: personName("validation.firstNameRequired"),
  lastName: personName("validation.lastNameRequired"),
  email: Email,
  phoneNumber: ProfilePhone,
  password: Password,
  acceptTerms: Schema.Boolean.check(Schema.makeFilter((accepted: boolean) => accepted, { message: "validation.termsRequired" })),
})
export type PatientRegistration = typeof PatientRegistration.Type
