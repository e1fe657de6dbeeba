/** The patient form (PUT /patients/{id}) as a patient record stands: saving it back changes nothing. */
export function patientFormOf(p: Record<string, any>) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phoneNumber ?? "+221771234567",
    dateOfBirth: p.dateOfBirth ?? "1990-01-01",
    civility: p.civility ?? "WOMAN",
    bloodType: p.bloodType ?? "UNKNOWN",
    preferredNotificationMethods: p.preferredNotificationMethods,
    allergies: p.allergies,
    chronicConditions: p.chronicConditions,
    locations: p.locations,
  }
}
