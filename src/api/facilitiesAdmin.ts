import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { searchFacilities } from "../../schemas/contracts/facilities.ts"
import { callApi } from "./client.ts"

/** POST /healthcare-facilities/search for the manager's facility list, name order. */
export const managerFacilitiesQuery = (keyword: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ["managerFacilities", keyword, page, limit],
    queryFn: ({ signal }) =>
      callApi(searchFacilities, {
        body: {
          paginationSettings: { offset: (page - 1) * limit, limit },
          sortBy: { property: "name", order: "asc" },
          ...(keyword ? { query: { keyword } } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
