import { useEffect, useState } from "react"
import { whenIdle } from "./whenIdle.ts"

/** How far below the screen a section starts loading: a fast flick on a phone covers about this much. */
const NEAR_PX = 800
/** After this long the section loads anyway, once the browser is idle: it is there before anyone looks for it. */
const IDLE_AFTER_MS = 4000
/** Frames to wait for the section to be drawn (a client render draws it just after the code asks). */
const FRAMES_TO_APPEAR = 10

/**
 * Resolves when the element with this id comes near the screen, or once the browser is idle a few
 * seconds after the page has started, whichever is first. What lies far below the fold (the home
 * page's contact form, its machine and schemas) then stays out of what a phone downloads and runs
 * before the first interaction, and is still there before the reader scrolls to it.
 */
export function whenNearViewport(id: string): Promise<void> {
  if (typeof IntersectionObserver !== "function") return Promise.resolve()
  return new Promise((resolve) => {
    const settle = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && settle(), { rootMargin: `${NEAR_PX}px 0px` })
    const timer = setTimeout(() => whenIdle(settle, 2000), IDLE_AFTER_MS)
    const watch = (framesLeft: number) => {
      const element = document.getElementById(id)
      if (element) observer.observe(element)
      else if (framesLeft > 0) requestAnimationFrame(() => watch(framesLeft - 1))
      else settle()
    }
    watch(FRAMES_TO_APPEAR)
  })
}

/** Whether the element with this id has come near the screen (see whenNearViewport); false on the server and in the first render. */
export function useNearViewport(id: string): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    let live = true
    void whenNearViewport(id).then(() => live && setNear(true))
    return () => {
      live = false
    }
  }, [id])
  return near
}
