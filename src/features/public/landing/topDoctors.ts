import type { DoctorSearchRequest } from "../../../../schemas/doctor.ts"

// The call and its schema load with the section (it shows once the page has), not with the page.
const topDoctorsCall = () => import("./topDoctorsCall.ts")

/** The best-rated doctors seen in clinic (SPEC §7's rating sort). */
export const topRatedDoctorsQuery = (count: number) => {
  const request: DoctorSearchRequest = {
    paginationSettings: { offset: 0, limit: count },
    sortBy: { property: "rating", order: "desc" },
    query: { providedServiceCodes: ["CLINIC"] },
  }
  return {
    queryKey: ["doctors", "topRated", request] as const,
    queryFn: async () => (await topDoctorsCall()).fetchTopDoctors(request),
    staleTime: 5 * 60_000,
  }
}
