import type { FirebaseStorage, UploadTask } from "firebase/storage"
import { objectNameOf, PROFILE_PHOTOS_FOLDER, profilePhotoPrefix } from "../../schemas/storagePaths.ts"

type StorageSdk = typeof import("firebase/storage")

const env = import.meta.env
/** A real Firebase project when its config is set at build time; else our gateway's storage surface. */
const project = env.VITE_FIREBASE_PROJECT_ID && env.VITE_FIREBASE_STORAGE_BUCKET
/** Same default as the gateway's STORAGE_BUCKET. */
export const STORAGE_BUCKET: string = env.VITE_FIREBASE_STORAGE_BUCKET || "promed-local.appspot.com"

let client: Promise<{ storage: FirebaseStorage; sdk: StorageSdk }> | null = null
let connectedToken: string | null = null

/**
 * The firebase app and storage, created on first use only (firebase never loads on the landing
 * page). Without a Firebase project the SDK talks to the gateway as to an emulator, carrying the
 * session token, and is pointed again whenever the token changes (FIREBASE_STORAGE.md).
 */
export async function storageClient(token: string | null): Promise<{ storage: FirebaseStorage; sdk: StorageSdk }> {
  client ??= (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import("firebase/app"), import("firebase/storage")])
    const app = initializeApp(
      project
        ? {
            apiKey: env.VITE_FIREBASE_API_KEY,
            authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
            projectId: env.VITE_FIREBASE_PROJECT_ID,
            storageBucket: STORAGE_BUCKET,
            appId: env.VITE_FIREBASE_APP_ID,
          }
        : { apiKey: "local", projectId: "promed-local", storageBucket: STORAGE_BUCKET },
      "promed",
    )
    return { storage: sdk.getStorage(app), sdk }
  })()
  const ready = await client
  if (!project && token && token !== connectedToken) {
    const port = Number(window.location.port || (window.location.protocol === "https:" ? 443 : 80))
    ready.sdk.connectStorageEmulator(ready.storage, window.location.hostname, port, { mockUserToken: token })
    connectedToken = token
  }
  return ready
}

/**
 * Starts a resumable upload (the upload-task machine's actor wraps it). The task comes boxed: an
 * UploadTask is a thenable, and a promise resolved with it would wait for the whole upload.
 */
export async function startUpload(token: string | null, path: string, file: Blob, contentType: string): Promise<{ task: UploadTask }> {
  const { storage, sdk } = await storageClient(token)
  return { task: sdk.uploadBytesResumable(sdk.ref(storage, path), file, { contentType }) }
}

export async function downloadUrlOf(token: string | null, path: string): Promise<string> {
  const { storage, sdk } = await storageClient(token)
  return sdk.getDownloadURL(sdk.ref(storage, path))
}

/** Deletes every earlier photo of the user (`user_{id}*`, whatever its extension) before a new one (SPEC §5). */
export async function removeEarlierPhotos(token: string | null, userId: string): Promise<number> {
  const { storage, sdk } = await storageClient(token)
  const listing = await sdk.list(sdk.ref(storage, PROFILE_PHOTOS_FOLDER))
  const earlier = listing.items.filter((item) => item.fullPath.startsWith(profilePhotoPrefix(userId)))
  await Promise.all(earlier.map((item) => sdk.deleteObject(item)))
  return earlier.length
}

/** Deletes the stored file behind a download URL; "notFound" when it is already gone (SPEC §8). */
export async function deleteStoredFile(token: string | null, url: string): Promise<"deleted" | "notFound"> {
  const name = objectNameOf(url)
  if (!name) return "notFound"
  const { storage, sdk } = await storageClient(token)
  try {
    await sdk.deleteObject(sdk.ref(storage, name))
    return "deleted"
  } catch (error) {
    if ((error as { code?: string }).code === "storage/object-not-found") return "notFound"
    throw error
  }
}
