import { and, asc, eq, or, sql, type SQL } from "drizzle-orm"
import { DAYS_OF_WEEK } from "../../schemas/enums.ts"
import { EARTH_RADIUS_KM, type FacilitySearchRequest, type FacilitySearchResponse, type HealthcareFacility, type WeeklyHours } from "../../schemas/facility.ts"
import type { Coordinates } from "../../schemas/common.ts"
import type { Db } from "../db/client.ts"
import { healthcareFacilities } from "../db/schema.ts"
import { containing } from "./doctorSearch.ts"

type FacilityRow = typeof healthcareFacilities.$inferSelect
const f = healthcareFacilities

/** Great-circle distance in km from a point, with SPEC §9's earth radius; NULL without coordinates. */
function distanceFrom(near: Coordinates): SQL<number | null> {
  return sql<number | null>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${f.lat} - ${near.lat}) / 2), 2) +
    cos(radians(${near.lat})) * cos(radians(${f.lat})) * power(sin(radians(${f.lng} - ${near.lng}) / 2), 2)
  )))`
}

function filtersOf(query: NonNullable<FacilitySearchRequest["query"]>): SQL | undefined {
  const where: (SQL | undefined)[] = []
  const keyword = query.keyword?.trim()
  if (keyword) where.push(or(sql`lower(${f.name}) LIKE ${containing(keyword.toLowerCase())}`, sql`lower(${f.city}) LIKE ${containing(keyword.toLowerCase())}`))
  const name = query.healthcare_facility_name?.trim()
  if (name) where.push(sql`lower(${f.name}) LIKE ${containing(name.toLowerCase())}`)
  if (query.facilityType) where.push(eq(f.facilityType, query.facilityType))
  if (query.emergency) where.push(eq(f.emergency, true))
  return and(...where)
}

/**
 * Name ascending by default (SPEC §7); rating and distance descend and ascend whatever the order
 * asked, as the directory offers them. Facilities without coordinates come last by distance.
 */
function orderOf(request: FacilitySearchRequest, distance: SQL<number | null> | undefined): SQL[] {
  const sortBy = request.sortBy ?? { property: "name", order: "asc" }
  const byName = sortBy.order === "desc" ? sql`lower(${f.name}) DESC` : sql`lower(${f.name}) ASC`
  switch (sortBy.property) {
    case "rating":
      return [sql`${f.rating} DESC`, byName, asc(f.id)]
    case "distance":
      return distance ? [sql`${distance} ASC NULLS LAST`, byName, asc(f.id)] : [byName, asc(f.id)]
    case "name":
      return [byName, asc(f.id)]
  }
}

function hoursOf(row: FacilityRow): WeeklyHours {
  return Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, row.hours[day] ?? null])) as WeeklyHours
}

function toFacility(row: FacilityRow, distance: number | null | undefined): HealthcareFacility {
  return {
    id: row.id,
    name: row.name,
    facilityType: row.facilityType,
    photoUrl: row.photoUrl,
    isPartner: row.isPartner,
    rating: row.rating,
    reviews: row.reviewCount,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    location: { address: row.address, city: row.city, state: row.state },
    phoneNumber: row.phoneNumber,
    website: row.website,
    hours: hoursOf(row),
    careTypes: row.careTypes,
    emergency: row.emergency,
    timeZone: row.timeZone,
    ...(distance === undefined ? {} : { distance: distance === null ? null : Math.round(Number(distance) * 10) / 10 }),
  }
}

export async function searchFacilities(db: Db, request: FacilitySearchRequest): Promise<FacilitySearchResponse> {
  const where = filtersOf(request.query ?? {})
  const near = request.query?.near
  const distance = near ? distanceFrom(near) : undefined
  const { offset, limit } = request.paginationSettings
  const [countRows, rows] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(f)
      .where(where),
    db
      .select({ facility: f, distance: distance ?? sql<null>`NULL` })
      .from(f)
      .where(where)
      .orderBy(...orderOf(request, distance))
      .limit(limit)
      .offset(offset),
  ])
  return {
    data: rows.map((r) => toFacility(r.facility, near ? r.distance : undefined)),
    paginationSettings: { offset, limit, totalCount: Number(countRows[0]?.count ?? 0) },
  }
}
