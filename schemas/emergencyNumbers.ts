/** Emergency numbers of SPEC §9, per country: the landing's emergency section and the USSD menu's `3` read them. */
export const EMERGENCY_NUMBERS = {
  SENEGAL: { police: "17", fire: "18", medical: "1515" },
  CHAD: { police: "2020", fire: "225 21211", medical: "225 17728" },
} as const

export type EmergencyCountry = keyof typeof EMERGENCY_NUMBERS
