/*
 * Starts the app on a page the server drew (the landing, the public data pages) once that page has
 * painted. The page reads without JavaScript, and the app's modules (the 150 kB shell and the
 * page's own chunks), fetched from the start, take a slow link's bandwidth from the document and
 * its CSS until the first paint. A classic script: a module's imports are fetched the moment it
 * arrives. The page's entry module and the modules to fetch beside it are in this tag's data
 * attributes (written by src/ssr/document.ts).
 */
;(() => {
  const tag = document.currentScript
  if (!(tag instanceof HTMLScriptElement) || !tag.dataset.entry) return
  const { entry, modules = "" } = tag.dataset
  const append = (element, attributes) => document.head.append(Object.assign(element, { crossOrigin: "anonymous" }, attributes))
  // The entry and the first modules (the runtime and the shell, which the entry imports) at once,
  // the page's own chunks a few per task: thirty requests started in one task block a slow phone.
  const preloads = modules.split(" ").filter(Boolean)
  const preloadSome = (count) => {
    for (const href of preloads.splice(0, count)) append(document.createElement("link"), { rel: "modulepreload", href })
    if (preloads.length > 0) setTimeout(preloadSome, 0, 4)
  }
  const start = () => {
    append(document.createElement("script"), { type: "module", src: entry })
    preloadSome(2)
  }
  // A hidden tab draws no frame until it is shown: nothing to wait for there.
  if (document.visibilityState === "hidden") start()
  else requestAnimationFrame(() => setTimeout(start, 0))
})()
