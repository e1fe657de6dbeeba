/** An instant as the API sends it: UTC without milliseconds (SPEC §7). */
export const toUtcSeconds = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z")

/** yyyy-MM-dd of a date column, whether the driver gave a string or a Date. */
export const toIsoDate = (d: string | Date | null): string | null => (d === null ? null : typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10))
