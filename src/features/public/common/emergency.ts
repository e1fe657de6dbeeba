/** Emergency numbers of SPEC §9, per country. */
export const EMERGENCY_NUMBERS = {
  SENEGAL: { police: "17", fire: "18", medical: "1515" },
  CHAD: { police: "2020", fire: "225 21211", medical: "225 17728" },
} as const

/** The police number called when the country is not known. */
export const DEFAULT_POLICE_NUMBER = "922"

export type EmergencyCountry = keyof typeof EMERGENCY_NUMBERS

/** The number the emergency transport button dials: the country's police, else 922. */
export const transportNumber = (country: EmergencyCountry | null | undefined): string => (country ? EMERGENCY_NUMBERS[country].police : DEFAULT_POLICE_NUMBER)

/** A tel: address for a number as shown (spaces removed). */
export const telHref = (number: string): string => `tel:${number.replace(/\s+/g, "")}`
