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
  // A tap on one of the page's links while the app takes the page over is held here and followed
  // by the app once it has drawn and settled (src/main.tsx, promedEarlyTaps), as an in-app
  // navigation: not a full page load racing the app's start, nor a click on a link React has yet
  // to adopt. Taps for a new tab or window, downloads and other sites keep their own way.
  let held = null
  const hold = (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null
    if (!(link instanceof HTMLAnchorElement) || (link.target !== "" && link.target !== "_self") || link.hasAttribute("download")) return
    const url = new URL(link.href, document.baseURI)
    if (url.origin !== location.origin) return
    event.preventDefault()
    event.stopPropagation()
    held = `${url.pathname}${url.search}${url.hash}`
  }
  document.addEventListener("click", hold, true)
  window.promedEarlyTaps = {
    release(follow) {
      document.removeEventListener("click", hold, true)
      const href = held
      held = null
      if (href !== null) follow(href)
    },
  }
  // A hidden tab draws no frame until it is shown: nothing to wait for there. Otherwise the scripts
  // are asked for once the first paint is on screen, as the browser's paint timing reports it: the
  // frame a task draws reaches the screen tens of milliseconds later, and scripts asked for after the
  // task (the frame after the first animation frame, as before) but arriving before that moment took
  // the first paint's bandwidth on a slow link, and counted as render-blocking in Lighthouse's
  // simulation of one (its FCP and LCP on / swung from 0.75 to 1.7 s with them). Browsers without
  // paint timing (Safari before 14.1) start on the frame after the first.
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(start, 0))
  if (document.visibilityState === "hidden") start()
  else if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) afterFirstFrame()
  else {
    let started = false
    const once = () => {
      if (started) return
      started = true
      painted.disconnect()
      document.removeEventListener("visibilitychange", hidden)
      start()
    }
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) once()
    })
    // Hidden before it painted (a tab switched away from at once): it will not paint until shown.
    const hidden = () => document.visibilityState === "hidden" && once()
    document.addEventListener("visibilitychange", hidden)
    painted.observe({ type: "paint", buffered: true })
  }
})()
