import { EMERGENCY_NUMBERS, type EmergencyCountry } from "../../../../schemas/emergencyNumbers.ts"

export { EMERGENCY_NUMBERS, type EmergencyCountry }

/** The police number called when the country is not known. */
export const DEFAULT_POLICE_NUMBER = "922"

/** The number the emergency transport button dials: the country's police, else 922. */
export const transportNumber = (country: EmergencyCountry | null | undefined): string => (country ? EMERGENCY_NUMBERS[country].police : DEFAULT_POLICE_NUMBER)

/** A tel: address for a number as shown (spaces removed). */
export const telHref = (number: string): string => `tel:${number.replace(/\s+/g, "")}`
