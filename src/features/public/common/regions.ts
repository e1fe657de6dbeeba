/** The 12 regions offered as a location filter (SPEC §3); each value is also its capital city. */
export const REGIONS = [
  { value: "Dakar", key: "dakar" },
  { value: "Thiès", key: "thies" },
  { value: "Saint-Louis", key: "saintLouis" },
  { value: "Louga", key: "louga" },
  { value: "Fatick", key: "fatick" },
  { value: "Tambacounda", key: "tambacounda" },
  { value: "Kolda", key: "kolda" },
  { value: "Ziguinchor", key: "ziguinchor" },
  { value: "Matam", key: "matam" },
  { value: "Kédougou", key: "kedougou" },
  { value: "Sédhiou", key: "sedhiou" },
  { value: "Diourbel", key: "diourbel" },
] as const

/** The translation key of a region value, or undefined for any other place. */
export const regionKey = (value: string): string | undefined => REGIONS.find((r) => r.value.toLowerCase() === value.toLowerCase())?.key
