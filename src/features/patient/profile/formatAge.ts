import { INTL_LOCALE, type Language } from "../../../i18n/languages.ts"

/** « 37 ans », « 8 mois », « 37 سنة »: Intl knows each language's plural forms (SPEC §9: months under one year). */
export function formatAge(age: { years: number } | { months: number }, language: Language): string {
  const [unit, value] = "years" in age ? (["year", age.years] as const) : (["month", age.months] as const)
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: "unit", unit, unitDisplay: "long" }).format(value)
}
