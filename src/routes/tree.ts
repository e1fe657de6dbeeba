import { adminRoute, managerRoutes } from "./manager.tsx"
import { doctorRoutes } from "./doctor.tsx"
import { accountRoutes, patientRoutes } from "./patient.tsx"
import { publicRoutes } from "./public.tsx"
import { rootRoute } from "./root.tsx"

/** The route table of SPEC §2. */
export const routeTree = rootRoute.addChildren([...publicRoutes, patientRoutes, accountRoutes, doctorRoutes, managerRoutes, adminRoute])
