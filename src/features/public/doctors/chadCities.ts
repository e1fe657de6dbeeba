/**
 * Chad's main towns, offered beside Senegal's regions in the search's place filter (issue 39: the
 * filter offered Senegal only). Apart from regions.ts, which the landing page loads and whose
 * budget is spent; each value is the town as the listings spell it.
 */
export const CHAD_CITIES = [
  { value: "N'Djamena", key: "ndjamena" },
  { value: "Moundou", key: "moundou" },
  { value: "Sarh", key: "sarh" },
  { value: "Abéché", key: "abeche" },
  { value: "Kélo", key: "kelo" },
  { value: "Doba", key: "doba" },
  { value: "Bongor", key: "bongor" },
  { value: "Mongo", key: "mongo" },
] as const
