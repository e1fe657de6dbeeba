import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { uploadTaskMachine } from "../../../machines/uploadTask.machine.ts"
import { Button } from "../../ui/Button.tsx"
import "./uploads.css"

export type UploadTaskActor = ActorRefFrom<typeof uploadTaskMachine>

/** A progress bar on its own: a whole upload that is done shows 100 %. Needs the `uploads` texts. */
export function ProgressBar({ percent, label, status }: { percent: number; label: string; status: string }) {
  return (
    <div className="upload-progress">
      <div className="upload-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="upload-bar-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <span className="upload-status" aria-live="polite">
        {`${percent} % · ${status}`}
      </span>
    </div>
  )
}

/**
 * The progress of one upload with pause, resume and cancel, each offered only where SPEC §4
 * allows it (pause from running; resume from paused or pausing; cancel from running or pausing).
 */
export function UploadProgress({ upload, label }: { upload: UploadTaskActor; label: string }) {
  const { t } = useTranslation()
  const state = useSelector(upload, (s) => String(s.value))
  const percent = useSelector(upload, (s) => (s.context.total > 0 ? Math.floor((s.context.transferred / s.context.total) * 100) : 0))
  const canPause = useSelector(upload, (s) => s.can({ type: "upload.pause" }))
  const canResume = useSelector(upload, (s) => s.can({ type: "upload.resume" }))
  const canCancel = useSelector(upload, (s) => s.can({ type: "upload.cancel" }))
  return (
    <div className="stack upload-box">
      <ProgressBar percent={percent} label={label} status={t(`uploads.states.${state}`)} />
      <div className="row">
        {canResume ? (
          <Button variant="secondary" size="small" onClick={() => upload.send({ type: "upload.resume" })}>
            {t("uploads.resume")}
          </Button>
        ) : (
          <Button variant="secondary" size="small" disabled={!canPause} onClick={() => upload.send({ type: "upload.pause" })}>
            {t("uploads.pause")}
          </Button>
        )}
        <Button variant="ghost" size="small" disabled={!canCancel} onClick={() => upload.send({ type: "upload.cancel" })}>
          {t("uploads.cancel")}
        </Button>
      </div>
    </div>
  )
}
