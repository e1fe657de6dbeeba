import type { Coordinates } from "../../../../../schemas/common.ts"

/** Where facilities without coordinates are drawn: 13 towns of Senegal, taken in turn (SPEC §9). */
export const PLACEHOLDER_COORDINATES: ReadonlyArray<Coordinates> = [
  { lat: 14.6928, lng: -17.4467 }, // Dakar
  { lat: 14.791, lng: -16.9359 }, // Thiès
  { lat: 16.0326, lng: -16.4818 }, // Saint-Louis
  { lat: 14.1652, lng: -16.0758 }, // Kaolack
  { lat: 12.5681, lng: -16.2719 }, // Ziguinchor
  { lat: 14.8667, lng: -15.8833 }, // Touba
  { lat: 14.4167, lng: -16.9667 }, // Mbour
  { lat: 14.655, lng: -16.2314 }, // Diourbel
  { lat: 15.6144, lng: -16.2286 }, // Louga
  { lat: 13.7707, lng: -13.6673 }, // Tambacounda
  { lat: 12.8939, lng: -14.9406 }, // Kolda
  { lat: 14.339, lng: -16.4111 }, // Fatick
  { lat: 15.6559, lng: -13.2554 }, // Matam
]

/** Each facility's point on the map: its own coordinates, else the next placeholder in turn. */
export function mapPoints<T extends { id: string; coordinates: Coordinates | null }>(
  facilities: ReadonlyArray<T>,
): Array<T & { point: Coordinates; placeholder: boolean }> {
  let next = 0
  return facilities.map((f) => {
    if (f.coordinates) return { ...f, point: f.coordinates, placeholder: false }
    const point = PLACEHOLDER_COORDINATES[next++ % PLACEHOLDER_COORDINATES.length]!
    return { ...f, point, placeholder: true }
  })
}

/** SPEC §9: the map's default centre and zooms, and the padding when fitting every facility. */
export const MAP_DEFAULTS = { center: { lat: 14.7167, lng: -17.4677 }, zoom: 12, selectedZoom: 15, fitPadding: 50 } as const
