import { useSelector } from "@xstate/react"
import { lazy, Suspense } from "react"
import { useAppActors } from "../appContext.tsx"
import { ensureTexts } from "../i18n/i18n.ts"

// The modal, its dialog library and the error texts load only when an error first needs showing.
const ErrorModal = lazy(() => Promise.all([import("./ErrorModal.tsx"), ensureTexts(["errors"])]).then(([module]) => module))

export function ErrorModalHost() {
  const { errorModal } = useAppActors()
  const open = useSelector(errorModal, (s) => s.matches("open"))
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ErrorModal actor={errorModal} />
    </Suspense>
  )
}
