// Lint: `npm run lint`. TypeScript with type information, React hooks, TanStack Query and Router.
// Loaded first: typescript-eslint gets TypeScript 6's JavaScript API (TypeScript 7 has none).
import "./scripts/eslintTypescript6.js"
import pluginQuery from "@tanstack/eslint-plugin-query"
import pluginRouter from "@tanstack/eslint-plugin-router"
import reactHooks from "eslint-plugin-react-hooks"
import { defineConfig, globalIgnores } from "eslint/config"
import tseslint from "typescript-eslint"

export default defineConfig(
  globalIgnores(["dist/", "node_modules/", ".data/", ".tmp/", "test-results/", "playwright-report/", "public/", "src/routeTree.gen.ts"]),
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  reactHooks.configs.flat["recommended-latest"],
  pluginQuery.configs["flat/recommended"],
  pluginRouter.configs["flat/recommended"],
  {
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The house convention for a parameter a signature needs but the body does not: a leading underscore.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // An async function with no await is used on purpose where a promise is the contract: placeholder
      // actors that machine.provide() replaces, methods of an async store interface. The harmful case,
      // a promise nobody awaits, is no-floating-promises and no-misused-promises, both on.
      "@typescript-eslint/require-await": "off",
      // Temporal's dates print their ISO form (2026-11-23) and URLSearchParams its query string: what the templates want.
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        {
          allowNumber: true,
          allow: [
            { from: "package", package: "temporal-spec", name: ["PlainDate", "PlainDateTime", "PlainTime", "Instant", "ZonedDateTime"] },
            { from: "lib", name: ["Error", "URL", "URLSearchParams"] },
          ],
        },
      ],
      // React Compiler's rules (eslint-plugin-react-hooks 7 "recommended-latest"): this app is not compiled by
      // React Compiler, and these three flag patterns that are sound without it: the latest-callback ref
      // (`latest.current = options` during render, read only in callbacks), `Date.now()` to split upcoming
      // from past at render time, and FacilityMap syncing OpenLayers' view into state. The other compiler
      // rules stay on (they pass).
      "react-hooks/refs": "off",
      "react-hooks/purity": "off",
      "react-hooks/set-state-in-effect": "off",
      // TanStack Router's guards and loaders throw redirect() and notFound() by design: the router catches them.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [{ from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] }],
        },
      ],
    },
  },
  {
    // Tests (and the oracles that judge them) read answers as they come (`await res.json()` is `any`) and judge them with expect(): the
    // assertion is the check, so the no-unsafe-* family would only ask for casts that prove nothing.
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.oracle.ts", "tests/**", "**/testing/**"],
    rules: {
      // The security suites hand the gateway ill-typed bodies on purpose.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  { files: ["**/*.js", "**/*.mjs"], extends: [tseslint.configs.disableTypeChecked] },
)
