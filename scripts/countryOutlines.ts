import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { feature } from "topojson-client"
import type { Plugin } from "vite"
import type { GeometryCollection, Topology } from "topojson-specification"

const ID = "virtual:country-outlines"
/** world-atlas ids (ISO 3166 numeric, zero-padded): Senegal and Chad. */
const COUNTRIES = ["686", "148"]

const round = (value: unknown): unknown => (Array.isArray(value) ? value.map(round) : typeof value === "number" ? Math.round(value * 1000) / 1000 : value)

/**
 * `virtual:country-outlines`: the borders of Senegal and Chad as GeoJSON, cut out of world-atlas
 * at build time, so the facility map has a background with no tile server (offline, in tests)
 * and downloads a few kilobytes instead of the world.
 */
export function countryOutlines(): Plugin {
  return {
    name: "promed-country-outlines",
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null
      const file = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json")
      const topology = JSON.parse(readFileSync(file, "utf8")) as Topology<{ countries: GeometryCollection<{ name: string }> }>
      const all = feature(topology, topology.objects.countries)
      const features = all.features
        .filter((f) => COUNTRIES.includes(String(f.id)))
        .map((f) => ({
          type: "Feature",
          id: f.id,
          properties: { name: f.properties.name },
          geometry: { ...f.geometry, coordinates: round((f.geometry as { coordinates: unknown }).coordinates) },
        }))
      return `export default ${JSON.stringify({ type: "FeatureCollection", features })}\n`
    },
  }
}
