import OlMap from "ol/Map"
import Overlay from "ol/Overlay"
import View from "ol/View"
import { defaults as defaultControls } from "ol/control/defaults"
import { boundingExtent } from "ol/extent"
import GeoJSON from "ol/format/GeoJSON"
import TileLayer from "ol/layer/Tile"
import VectorLayer from "ol/layer/Vector"
import { fromLonLat } from "ol/proj"
import VectorSource from "ol/source/Vector"
import XYZ from "ol/source/XYZ"
import { Fill, Stroke, Style } from "ol/style"
import { useEffect, useMemo, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { useTranslation } from "react-i18next"
import outlines from "virtual:country-outlines"
import type { Coordinates } from "../../../../../schemas/common.ts"
import type { HealthcareFacility } from "../../../../../schemas/facility.ts"
import { MAP_DEFAULTS, mapPoints } from "./placeholders.ts"
import "ol/ol.css"
import "./map.css"

/** The tile service; any XYZ template (VITE_TILE_URL), OpenStreetMap by default. */
const TILE_URL: string = import.meta.env.VITE_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

const toMap = (p: Coordinates) => fromLonLat([p.lng, p.lat])

export interface FacilityMapProps {
  facilities: ReadonlyArray<HealthcareFacility>
  selectedId: string | null
  position: Coordinates | null
  onSelect: (id: string) => void
}

interface Marker {
  readonly key: string
  readonly element: HTMLElement
}

/** Distance, in pixels, between rings of moved markers, and the gap kept around every button. */
const MARKER_SPACING = 40
const GAP = 8
const RING_SLOTS = 8
/** Size assumed for a marker not laid out yet (the CSS minimum is 32 px). */
const MARKER_BOX = 32

type Box = readonly [left: number, top: number, right: number, bottom: number]
const overlaps = (a: Box, b: Box) => a[0] < b[2] + GAP && b[0] < a[2] + GAP && a[1] < b[3] + GAP && b[1] < a[3] + GAP

/** The map's own buttons (zoom, attribution), in map pixels: no marker may cover them. */
function controlBoxes(map: OlMap): Box[] {
  const viewport = map.getViewport()
  if (!viewport) return []
  const origin = viewport.getBoundingClientRect()
  return [...viewport.querySelectorAll<HTMLElement>(".ol-control")].flatMap((control) => {
    const r = control.getBoundingClientRect()
    return r.width && r.height ? [[r.left - origin.left, r.top - origin.top, r.right - origin.left, r.bottom - origin.top] as Box] : []
  })
}

/**
 * Moves markers that would cover each other, or the map's own buttons, or be cut by the map's
 * edge, onto rings around their spot, so every facility keeps a whole button of its own that a
 * finger can hit (WCAG 2.5.8). Boxes are the buttons' real sizes (a marker stands above its
 * spot). Zooming in separates them, and the offsets go back to zero. A spot outside the map
 * stays where it is, out of sight.
 */
function spreadMarkers(map: OlMap, overlays: ReadonlyArray<{ overlay: Overlay; coordinate: number[]; element: HTMLElement }>): void {
  const taken: Box[] = controlBoxes(map)
  const [mapWidth, mapHeight] = (map.getSize() ?? [0, 0]) as [number, number]
  const inside = (box: Box) => box[0] >= GAP && box[1] >= GAP && box[2] <= mapWidth - GAP && box[3] <= mapHeight - GAP
  for (const { overlay, coordinate, element } of overlays) {
    const pixel = map.getPixelFromCoordinate(coordinate)
    if (!pixel) continue
    const [x, y] = pixel as [number, number]
    const width = element.offsetWidth || MARKER_BOX
    const height = element.offsetHeight || MARKER_BOX
    const boxAt = ([dx, dy]: readonly [number, number]): Box => [x + dx - width / 2, y + dy - height, x + dx + width / 2, y + dy]
    let offset: [number, number] = [0, 0]
    const onMap = inside(boxAt(offset))
    const clear = (box: Box) => !taken.some((other) => overlaps(other, box)) && (!onMap || inside(box))
    for (let slot = 0; !clear(boxAt(offset)) && slot < 64; slot++) {
      const ring = Math.floor(slot / RING_SLOTS) + 1
      const angle = ((slot % RING_SLOTS) / RING_SLOTS) * 2 * Math.PI
      offset = [Math.round(Math.cos(angle) * MARKER_SPACING * ring), Math.round(Math.sin(angle) * MARKER_SPACING * ring)]
    }
    taken.push(boxAt(offset))
    overlay.setOffset(offset)
  }
}

function createMap(target: HTMLElement): OlMap {
  const outline = new VectorLayer({
    source: new VectorSource({ features: new GeoJSON().readFeatures(outlines, { featureProjection: "EPSG:3857" }) }),
    style: new Style({ stroke: new Stroke({ color: "#0b6e8c", width: 1.5 }), fill: new Fill({ color: "rgba(11, 110, 140, 0.08)" }) }),
  })
  // Without tiles (offline, or the service refuses), the outlines of Senegal and Chad remain.
  const tiles = new TileLayer({ source: new XYZ({ url: TILE_URL, attributions: "© OpenStreetMap", crossOrigin: "anonymous" }) })
  return new OlMap({
    target,
    layers: [tiles, outline],
    controls: defaultControls({ attributionOptions: { collapsible: true } }),
    view: new View({ center: toMap(MAP_DEFAULTS.center), zoom: MAP_DEFAULTS.zoom }),
  })
}

/**
 * The facility map (OpenLayers, in its own chunk): a marker button per facility (placeholder
 * points for those without coordinates), the user's position once known. It follows the
 * selection: zoom 15 on the selected facility, else every marker in view with a 50 px padding.
 */
export default function FacilityMap({ facilities, selectedId, position, onSelect }: FacilityMapProps) {
  const { t } = useTranslation()
  const target = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<OlMap | null>(null)
  const [markers, setMarkers] = useState<ReadonlyArray<Marker>>([])
  const points = useMemo(() => mapPoints(facilities), [facilities])

  useEffect(() => {
    const created = createMap(target.current!)
    setMap(created)
    return () => created.setTarget(undefined)
  }, [])

  // One overlay per marker: real buttons, so markers are reachable by keyboard and screen readers.
  useEffect(() => {
    if (!map) return
    const spots = [...points.map((p) => ({ key: p.id, at: p.point })), ...(position ? [{ key: "me", at: position }] : [])]
    const overlays = spots.map(({ key, at }) => {
      const element = document.createElement("div")
      const coordinate = toMap(at)
      const overlay = new Overlay({ element, position: coordinate, positioning: "bottom-center", stopEvent: true })
      map.addOverlay(overlay)
      return { key, element, overlay, coordinate }
    })
    setMarkers(overlays)
    // The region says when its markers stand still and apart (tests and scans wait on it, not on time).
    const region = target.current
    const moving = () => region?.setAttribute("data-settled", "false")
    const spread = () => {
      spreadMarkers(map, overlays)
      region?.setAttribute("data-settled", String(!map.getView().getAnimating()))
    }
    moving()
    map.on("movestart", moving)
    map.on("moveend", spread)
    map.once("rendercomplete", spread)
    return () => {
      map.un("movestart", moving)
      map.un("moveend", spread)
      overlays.forEach((o) => map.removeOverlay(o.overlay))
    }
  }, [map, points, position])

  useEffect(() => {
    if (!map) return
    const view = map.getView()
    const selected = points.find((p) => p.id === selectedId)
    if (selected) {
      view.animate({ center: toMap(selected.point), zoom: MAP_DEFAULTS.selectedZoom, duration: 250 })
    } else if (points.length > 0) {
      const extent = boundingExtent([...points.map((p) => toMap(p.point)), ...(position ? [toMap(position)] : [])])
      // A marker stands above its spot: the top keeps room for a whole one, and the sides for half
      // of one, so the farthest facilities (Senegal's west, Chad's east) are not cut by the edge.
      const pad = MAP_DEFAULTS.fitPadding
      const fitAll = (duration: number) =>
        view.fit(extent, { padding: [pad + MARKER_BOX, pad + MARKER_BOX / 2, pad, pad + MARKER_BOX / 2], maxZoom: MAP_DEFAULTS.selectedZoom, duration })
      fitAll(250)
      // The map's box settles after the first fit (the list beside it, the "both" view): fit again to the final size.
      const refit = () => fitAll(0)
      map.on("change:size", refit)
      return () => map.un("change:size", refit)
    }
  }, [map, points, selectedId, position])

  return (
    <div className="facility-map-wrap">
      {points.length === 0 ? (
        <p className="facility-map-empty" role="status">
          {t("map.empty")}
        </p>
      ) : null}
      <div ref={target} className="facility-map" role="region" aria-label={t("map.label")} data-testid="facility-map" />
      {markers.map(({ key, element }) => {
        if (key === "me") return createPortal(<span className="map-me" role="img" aria-label={t("map.you")} />, element, key)
        const point = points.find((p) => p.id === key)
        if (!point) return null
        const selected = key === selectedId
        return createPortal(
          <button
            type="button"
            className={`map-marker${selected ? " is-selected" : ""}${point.placeholder ? " is-approximate" : ""}`}
            aria-pressed={selected}
            aria-label={point.placeholder ? t("map.approximate", { name: point.name }) : point.name}
            title={point.name}
            onClick={() => onSelect(key)}
          >
            <span aria-hidden="true">{t(`map.marker.${point.facilityType}`)}</span>
          </button>,
          element,
          key,
        )
      })}
    </div>
  )
}
