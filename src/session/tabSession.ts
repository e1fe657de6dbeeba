import type { SessionHandle } from "./sessionHandle.ts"
import { validUserOf } from "./sessionView.ts"

type TabMessage = { type: "ask" } | { type: "token"; token: string } | { type: "ended"; token: string }

/**
 * The tabs of one browser share its live session (issue 11), with nothing kept beyond them: a
 * new tab asks the others on a BroadcastChannel and joins the session of the first signed-in tab
 * that answers; a tab whose session ends tells the others holding the same token. Closing every
 * tab still ends it: the token only ever lives in each tab's session storage. Loaded after the
 * first render (src/main.tsx), so the landing page does not wait for it.
 */
export function joinTabs(session: SessionHandle): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {}
  const channel = new BroadcastChannel("promed.session")
  const post = (message: TabMessage) => channel.postMessage(message)
  const liveToken = () => {
    const view = session.view()
    return view.state === "signedIn" ? view.sessionToken : null
  }

  channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
    if (data.type === "ask") {
      const token = liveToken()
      if (token) post({ type: "token", token })
    } else if (data.type === "token") {
      // Only a tab that has no session of its own joins; later answers find it validating.
      if (session.view().state === "signedOut") session.send({ type: "session.join", token: data.token })
    } else if (data.type === "ended" && data.token === liveToken()) {
      session.send({ type: "session.expired", code: "INVALID_SESSION" })
    }
  }

  // A tab that was signed in and no longer is tells the others (signed out here, or refused).
  let held = liveToken()
  const unsubscribe = session.subscribe(() => {
    const view = session.view()
    const token = validUserOf(view) ? view.sessionToken : null
    if (held && !token) post({ type: "ended", token: held })
    held = token
  })

  if (session.view().state === "signedOut") post({ type: "ask" })
  return () => {
    unsubscribe()
    channel.close()
  }
}
