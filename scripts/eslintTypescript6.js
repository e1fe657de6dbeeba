/**
 * typescript-eslint needs TypeScript's JavaScript API (ts.createSourceFile, ts.createProgram) and
 * supports TypeScript < 6.1. The project compiles with TypeScript 7 (native), whose npm package has
 * no such API, so inside the ESLint process every `require("typescript")` is sent to `typescript6`
 * (an npm alias of typescript@6.0, a devDependency used for nothing else). Imported first by
 * eslint.config.js, before typescript-eslint loads.
 */
import Module from "node:module"

const moduleStatics = /** @type {{ _resolveFilename: (request: string, ...rest: unknown[]) => string }} */ (/** @type {unknown} */ (Module))
const resolveFilename = moduleStatics._resolveFilename
moduleStatics._resolveFilename = function (request, ...rest) {
  const redirected = request === "typescript" ? "typescript6" : request.startsWith("typescript/") ? `typescript6/${request.slice(11)}` : request
  return resolveFilename.call(this, redirected, ...rest)
}
