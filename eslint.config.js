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
      // TanStack Router's guards and loaders throw redirect() and notFound() by design: the router catches them.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] },
          ],
        },
      ],
    },
  },
  {
    // Tests read answers as they come (`await res.json()` is `any`) and judge them with expect(): the
    // assertion is the check, so the no-unsafe-* family would only ask for casts that prove nothing.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "machines/testing/**", "server/testing/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  { files: ["**/*.js"], extends: [tseslint.configs.disableTypeChecked] },
)
