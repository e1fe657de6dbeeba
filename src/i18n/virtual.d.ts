declare module "virtual:locale-sections" {
  type Loader = () => Promise<{ default: Record<string, unknown> }>
  export const loaders: Record<"fr" | "en" | "ar", Record<string, Loader>>
}
