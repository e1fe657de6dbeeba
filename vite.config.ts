import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { compileHints, SHELL_CHUNK } from "./scripts/compileHints.ts"
import { countryOutlines } from "./scripts/countryOutlines.ts"
import { localeSections } from "./scripts/localeSections.ts"

const gateway = process.env.GATEWAY_URL ?? "http://localhost:8080"

export default defineConfig({
  plugins: [react(), localeSections(), countryOutlines(), compileHints([SHELL_CHUNK])],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // No polyfill for <link rel=modulepreload> (0.27 kB of the landing's gzip): Chrome for Android,
    // our patients' browser, has had it since version 66; a browser without it loads the same
    // chunks, only without their early fetch.
    modulePreload: { polyfill: false },
    // Everything the entry needs at start (React, the router, Query, XState, i18next, Schema, the
    // app frame) is one "shell" file: one request on a slow link, and gzip does better on one
    // file than on twenty. Screens and texts keep their own chunks, loaded when needed.
    chunkSizeWarningLimit: 700,
    // All the CSS is one file (47 kB, 9.4 kB gzip): a page needs one stylesheet request before it
    // paints, and a slow link pays a connection per request (the landing needed three), and every
    // screen after the first finds its styles already there.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Components (screens, forms) and the shell keep their names (a network panel reads them);
        // the modules they share are named by their hash alone. The shell lists every chunk's file for its preloads, so
        // each name is paid in the landing's own download: 1 kB of its gzip with the names.
        chunkFileNames: (chunk) => (chunk.name === SHELL_CHUNK || /\.tsx$/.test(chunk.facadeModuleId ?? "") ? "assets/[name]-[hash].js" : "assets/c[hash].js"),
        codeSplitting: {
          groups: [{ name: SHELL_CHUNK, tags: ["$initial"], test: (id: string) => !/(\/src\/main\.tsx|\/index\.html)$/.test(id) }],
        },
      },
    },
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
