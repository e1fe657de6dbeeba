declare module "virtual:country-outlines" {
  /** GeoJSON FeatureCollection of the borders of Senegal and Chad (scripts/countryOutlines.ts). */
  const outlines: { type: "FeatureCollection"; features: ReadonlyArray<unknown> }
  export default outlines
}
