import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { localeSections } from "./scripts/localeSections.ts"

const gateway = process.env.GATEWAY_URL ?? "http://localhost:8080"

export default defineConfig({
  plugins: [react(), localeSections()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    port: 5173,
    proxy: {
      "/api": gateway,
      "/auth": gateway,
      "/v0": gateway,
    },
  },
})
