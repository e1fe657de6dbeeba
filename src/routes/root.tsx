import { createRootRouteWithContext } from "@tanstack/react-router"
import { ErrorPage } from "../features/common/ErrorPage.tsx"
import { NotFoundPage } from "../features/common/NotFoundPage.tsx"
import { RootLayout } from "../layout/RootLayout.tsx"
import type { RouterContext } from "./context.ts"

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})
