import type { Plugin } from "vite"

/** The chunk of everything a page needs at start (vite.config.ts), the one the hint goes on. */
export const SHELL_CHUNK = "shell"

/** V8's file-wide compile hint (Chrome 136 and later): read on the file's first line only. */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad"

/**
 * Puts V8's compile hint at the top of the named chunks of the browser's build. V8 compiles a
 * function the first time it is called unless told otherwise, on the main thread, and only
 * pre-parses it before: a page's start, which calls most of the shell's functions (React taking the
 * page over, the router, i18next), compiled them one by one in its tasks. Hinted, the file is
 * compiled whole while it downloads, on another thread. On the search and profile pages here, the
 * main thread's work after the first paint went from 231 to 193 ms and 241 to 195 ms (median of
 * 8 loads, unthrottled), the longest task from 21 to 18 ms and 20 to 16 ms. Browsers without the
 * hint read a comment.
 */
export function compileHints(chunkNames: ReadonlyArray<string>): Plugin {
  return {
    name: "promed-compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // After every other plugin's: Vite's own puts the preload table (__vite__mapDeps) first in a chunk.
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && chunkNames.includes(output.name)) output.code = `${EAGER_COMPILE_HINT}\n${output.code}`
        }
      },
    },
  }
}
