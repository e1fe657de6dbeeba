import { lazy, Suspense } from "react"
import { useLazySelector } from "../actors/useLazySelector.ts"
import { useAppActors } from "../appContext.tsx"
import { ensureTexts } from "../i18n/i18n.ts"

// The modal, its machine, its dialog library and the error texts load only when an error first needs showing.
const ErrorModal = lazy(() => Promise.all([import("./ErrorModal.tsx"), ensureTexts(["errors"])]).then(([module]) => module))

export function ErrorModalHost() {
  const { errorModal } = useAppActors()
  const open = useLazySelector(errorModal, (s) => s.matches("open"), false)
  const actor = errorModal.current()
  if (!open || !actor) return null
  return (
    <Suspense fallback={null}>
      <ErrorModal actor={actor} />
    </Suspense>
  )
}
