import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { profilePhotoMachine, showsProgress } from "../../../machines/profilePhoto.machine.ts"
import { PHOTO_EXTENSIONS } from "../../../schemas/storagePaths.ts"
import { deleteStoredFile, downloadUrlOf, removeEarlierPhotos } from "../../api/storage.ts"
import { useAppActors } from "../../appContext.tsx"
import { Avatar } from "../../layout/Avatar.tsx"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { sdkUploadMachine } from "./sdkUploadTask.ts"
import { ProgressBar, UploadProgress, type UploadTaskActor } from "./UploadProgress.tsx"
import { useFlowActor } from "../../dev/useFlowActor.ts"
import "./uploads.css"
import type { UserId } from "../../../schemas/ids.ts"

export interface ProfilePhotoEditorProps {
  /** The user whose photo it is: the file goes to profile-photos/user_{userId}.{ext}. */
  userId: UserId
  photoUrl: string | null
  /** Which default image shows when there is no photo. */
  role: "patient" | "doctor"
  /** For the image's text alternative. */
  name: string
  /**
   * Saves the new photoUrl (a download URL, or null after a delete) through the role's profile
   * update: PUT /patients/{id} for patients, PUT /doctors/{id} for doctors. Reject to report a failure.
   */
  savePhotoUrl: (photoUrl: string | null) => Promise<void>
  size?: number
}

/**
 * Choose, upload (progress bar with pause, resume, cancel; hidden 1 s after 100 %) and delete a
 * profile photo, for patients and doctors (SPEC §4, §5). Needs the `photo` and `uploads` texts.
 */
export function ProfilePhotoEditor({ userId, photoUrl, role, name, savePhotoUrl, size = 96 }: ProfilePhotoEditorProps) {
  const { t } = useTranslation()
  const { session } = useAppActors()
  const save = useRef(savePhotoUrl)
  save.current = savePhotoUrl
  const token = () => session.view().sessionToken
  const actor = useFlowActor(
    profilePhotoMachine.provide({
      actors: {
        removeEarlier: fromPromise(({ input }) => removeEarlierPhotos(token(), input.userId)),
        upload: sdkUploadMachine(token),
        getDownloadUrl: fromPromise(({ input }) => downloadUrlOf(token(), input.path)),
        savePhotoUrl: fromPromise(({ input }) => save.current(input.photoUrl)),
        deleteStoredFile: fromPromise(({ input }) => deleteStoredFile(token(), input.url)),
      },
      actions: {
        warnTooLarge: (_, { size: bytes }) => console.warn(`[promed] profile photo refused: ${bytes} bytes is over 3 MB`),
        refreshSession: () => session.send({ type: "session.refresh" }),
        announce: (_, { what }) => toast.success(what === "saved" ? t("photo.saved") : t("photo.deleted"), TOAST_DURATION.short),
        warnNotFound: () => toast.warning(t("photo.notFound"), TOAST_DURATION.normal),
        logFailure: (_, { error }) => console.warn("[promed] photo flow failed", error),
      },
    }),
    { input: { userId, photoUrl } },
  )
  const current = useSelector(actor, (s) => s.context.photoUrl)
  const state = useSelector(actor, (s) => String(s.value))
  const progress = useSelector(actor, showsProgress)
  const upload = useSelector(actor, (s) => s.children.upload as UploadTaskActor | undefined)
  const error = useSelector(actor, (s) => s.context.error)
  const busy = state !== "idle" && state !== "failed"

  return (
    <div className="photo-editor">
      <Avatar photoUrl={current} role={role} size={size} alt={name} />
      <div className="photo-editor-actions">
        <div className="row">
          <label className={`btn btn-secondary btn-small file-button${busy ? " btn-disabled" : ""}`}>
            {t("photo.change")}
            <input
              type="file"
              accept={`image/*,${PHOTO_EXTENSIONS.join(",")}`}
              disabled={busy}
              aria-label={t("photo.change")}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ""
                if (file) actor.send({ type: "photo.choose", file })
              }}
            />
          </label>
          {current ? (
            <Button variant="ghost" size="small" disabled={busy} onClick={() => actor.send({ type: "photo.delete" })}>
              {t("photo.delete")}
            </Button>
          ) : null}
        </div>
        <span className="field-hint">{t("photo.hint")}</span>
        {progress ? (
          upload ? (
            <UploadProgress upload={upload} label={t("photo.progress")} />
          ) : (
            <ProgressBar percent={100} label={t("photo.progress")} status={t("uploads.states.success")} />
          )
        ) : null}
        {state === "failed" && error ? (
          <div className="alert alert-danger row" role="alert">
            <span>{t(error)}</span>
            <Button variant="ghost" size="small" onClick={() => actor.send({ type: "photo.dismiss" })}>
              {t("common.close")}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={state === "confirmingDelete" || state === "deletingFile" || state === "clearingUrl"}
        title={t("photo.deleteTitle")}
        description={t("photo.deleteQuestion")}
        confirmLabel={t("photo.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        destructive
        busy={state !== "confirmingDelete"}
        onConfirm={() => actor.send({ type: "photo.confirmDelete" })}
        onCancel={() => actor.send({ type: "photo.cancelDelete" })}
      />
    </div>
  )
}
