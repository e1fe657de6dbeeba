import type { UploadTask } from "firebase/storage"
import { fromCallback } from "xstate"
import { uploadTaskMachine, type UploadCommand, type UploadTaskInput } from "../../../machines/uploadTask.machine.ts"
import { startUpload } from "../../api/storage.ts"

/**
 * The firebase SDK's resumable upload as the upload-task machine's actor: it reports progress,
 * pause, success, error and cancel as events, and obeys pause, resume and cancel. Stopping the
 * actor before the end cancels the upload.
 */
export const sdkUploadTask = (getToken: () => string | null) =>
  fromCallback<UploadCommand, UploadTaskInput>(({ input, sendBack, receive }) => {
    let task: UploadTask | null = null
    let finished = false
    const waiting: UploadCommand[] = []
    const apply = (command: UploadCommand) => {
      if (!task) return void waiting.push(command)
      if (command.type === "pause") task.pause()
      else if (command.type === "resume") task.resume()
      else task.cancel()
    }
    receive(apply)
    startUpload(getToken(), input.path, input.file, input.contentType).then(
      ({ task: started }) => {
        task = started
        started.on(
          "state_changed",
          (snapshot) => {
            sendBack({ type: "task.progress", transferred: snapshot.bytesTransferred, total: snapshot.totalBytes })
            if (snapshot.state === "paused") sendBack({ type: "task.paused" })
          },
          (error) => {
            finished = true
            sendBack(error.code === "storage/canceled" ? { type: "task.canceled" } : { type: "task.error", code: error.code, message: error.message })
          },
          () => {
            finished = true
            sendBack({ type: "task.success", fullPath: started.snapshot.ref.fullPath })
          },
        )
        for (const command of waiting.splice(0)) apply(command)
      },
      (error: { code?: string; message?: string }) => {
        finished = true
        sendBack({ type: "task.error", code: error.code ?? "storage/unknown", message: error.message ?? "Upload failed" })
      },
    )
    return () => {
      if (task && !finished) task.cancel()
    }
  })

/** The upload-task machine wired to the SDK, for flows that invoke it as their `upload` child. */
export const sdkUploadMachine = (getToken: () => string | null) => uploadTaskMachine.provide({ actors: { sdkTask: sdkUploadTask(getToken) } })
