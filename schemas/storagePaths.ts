import { LIMITS } from "./fields.ts"

/**
 * Where uploads live in the storage bucket, shared by the app and the gateway so both agree on
 * who owns what: a profile photo is `profile-photos/user_{userId}.{ext}` (SPEC §5), a medical
 * record file `medical-records/{userId}/{name}`. A user writes and deletes only their own.
 */
export const PROFILE_PHOTOS_FOLDER = "profile-photos"
export const MEDICAL_RECORDS_FOLDER = "medical-records"

export const PHOTO_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".gif"] as const
export const RECORD_EXTENSIONS = [".pdf", ".png", ".jpg", ".jpeg", ".doc", ".docx"] as const
export const PHOTO_MAX_BYTES = LIMITS.photoMaxBytes
export const RECORD_MAX_BYTES = LIMITS.recordMaxBytes

/** The lower-cased extension of a file name, dot included ("" when none). */
export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf(".")
  return dot > 0 ? fileName.slice(dot).toLowerCase() : ""
}

/** Every earlier photo of a user starts with this (deleted before a new one is stored). */
export const profilePhotoPrefix = (userId: string) => `${PROFILE_PHOTOS_FOLDER}/user_${userId}`
export const profilePhotoPath = (userId: string, fileName: string) => `${profilePhotoPrefix(userId)}${extensionOf(fileName)}`

/** A record file keeps a readable name, made safe, behind a unique prefix. */
export function medicalRecordPath(userId: string, fileName: string, unique: string): string {
  const safe =
    fileName
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "_")
      .replace(/^[._]+/, "")
      .slice(-80) || "file"
  return `${MEDICAL_RECORDS_FOLDER}/${userId}/${unique}_${safe}`
}

export const isOwnProfilePhoto = (name: string, userId: string) => {
  const prefix = `${profilePhotoPrefix(userId)}.`
  return name.startsWith(prefix) && (PHOTO_EXTENSIONS as ReadonlyArray<string>).includes(name.slice(prefix.length - 1).toLowerCase())
}

export const isOwnRecordFile = (name: string, userId: string) =>
  name.startsWith(`${MEDICAL_RECORDS_FOLDER}/${userId}/`) && !name.slice(MEDICAL_RECORDS_FOLDER.length + userId.length + 2).includes("/")

/** The object name inside a download URL (`…/o/{encoded name}?alt=media&token=…`), or null. */
export function objectNameOf(url: string): string | null {
  try {
    const { pathname } = new URL(url)
    const at = pathname.indexOf("/o/")
    return at >= 0 ? decodeURIComponent(pathname.slice(at + 3)) : null
  } catch {
    return null
  }
}
