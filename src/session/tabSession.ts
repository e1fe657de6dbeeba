import type { SessionActor } from "./sessionActor.ts"

type TabMessage = { type: "ask" } | { type: "token"; token: string } | { type: "ended"; token: string }

/**
 * The tabs of one browser share its live session (issue 11), with nothing kept beyond them: a
 * new tab asks the others on a BroadcastChannel and joins the session of the first signed-in tab
 * that answers; a tab whose session ends tells the others holding the same token. Closing every
 * tab still ends it: the token only ever lives in each tab's session storage. Loaded after the
 * first render (src/main.tsx), so the landing page does not wait for it.
 */
export function joinTabs(session: SessionActor): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {}
  const channel = new BroadcastChannel("promed.session")
  const post = (message: TabMessage) => channel.postMessage(message)
  const liveToken = () => {
    const snapshot = session.getSnapshot()
    return snapshot.matches("signedIn") ? snapshot.context.sessionToken : null
  }

  channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
    const snapshot = session.getSnapshot()
    if (data.type === "ask") {
      const token = liveToken()
      if (token) post({ type: "token", token })
    } else if (data.type === "token") {
      // Only a tab that has no session of its own joins; later answers find it validating.
      if (snapshot.matches("signedOut")) session.send({ type: "session.join", token: data.token })
    } else if (data.type === "ended" && data.token === liveToken()) {
      session.send({ type: "session.expired", code: "INVALID_SESSION" })
    }
  }

  // A tab that was signed in and no longer is tells the others (signed out here, or refused).
  let held = liveToken()
  const subscription = session.subscribe((snapshot) => {
    const token = snapshot.matches("signedIn") || snapshot.matches("loggingOut") ? snapshot.context.sessionToken : null
    if (held && !token) post({ type: "ended", token: held })
    held = token
  })

  if (session.getSnapshot().matches("signedOut")) post({ type: "ask" })
  return () => {
    subscription.unsubscribe()
    channel.close()
  }
}
