import { describe, expect, it } from "vitest"
import {
  isOwnProfilePhoto,
  isOwnRecordFile,
  medicalRecordPath,
  objectNameOf,
  PHOTO_MAX_BYTES,
  profilePhotoPath,
  profilePhotoPrefix,
  RECORD_EXTENSIONS,
  RECORD_MAX_BYTES,
} from "./storagePaths.ts"

// SPEC §5 (profile photo: user_{id} plus the original extension in a profile photos folder, at most
// 3 MB; records: PDF, PNG, JPG, JPEG, DOC, DOCX up to 10 MB), read as an attacker would: a file name
// is typed by whoever uploads, so it must never reach outside the uploader's own place.

describe("profile photos: user_{id} plus the original extension, in the profile photos folder", () => {
  it("keeps the extension, lower-cased", () => {
    expect(profilePhotoPath("u1", "Moi au cabinet.JPG")).toBe("profile-photos/user_u1.jpg")
    expect(profilePhotoPath("u1", "archive.tar.png")).toBe("profile-photos/user_u1.png")
  })
  it("a name with no extension, or only a leading dot, gives none", () => {
    expect(profilePhotoPath("u1", "photo")).toBe("profile-photos/user_u1")
    expect(profilePhotoPath("u1", ".png")).toBe("profile-photos/user_u1")
  })
  it("every earlier photo of the user starts with the prefix deleted first", () => {
    expect(profilePhotoPrefix("u1")).toBe("profile-photos/user_u1")
  })
  it("a user's own photo is theirs; another user's, another extension or a deeper name is not", () => {
    expect(isOwnProfilePhoto("profile-photos/user_u1.png", "u1")).toBe(true)
    expect(isOwnProfilePhoto("profile-photos/user_u1.JPEG", "u1")).toBe(true)
    expect(isOwnProfilePhoto("profile-photos/user_u12.png", "u1")).toBe(false)
    expect(isOwnProfilePhoto("profile-photos/user_u1.exe", "u1")).toBe(false)
    expect(isOwnProfilePhoto("profile-photos/user_u1.png/../user_u2.png", "u1")).toBe(false)
    expect(isOwnProfilePhoto("other/profile-photos/user_u1.png", "u1")).toBe(false)
    expect(isOwnProfilePhoto("profile-photos/user_u1", "u1")).toBe(false)
  })
  it("at most 3 MB", () => {
    expect(PHOTO_MAX_BYTES).toBe(3 * 1024 * 1024)
  })
})

describe("medical record files: in the user's own folder, under a readable name made safe", () => {
  it("keeps an ordinary name behind the unique prefix", () => {
    expect(medicalRecordPath("u1", "radio-thorax_2026.pdf", "k3j9")).toBe("medical-records/u1/k3j9_radio-thorax_2026.pdf")
  })
  it("a name climbing out of the folder stays inside it, with no slash and no leading dot", () => {
    expect(medicalRecordPath("u1", "../../u2/secret.pdf", "k")).toBe("medical-records/u1/k_u2_secret.pdf")
    expect(medicalRecordPath("u1", "..\\..\\boot.ini", "k")).toBe("medical-records/u1/k_boot.ini")
    expect(medicalRecordPath("u1", ".htaccess", "k")).toBe("medical-records/u1/k_htaccess")
  })
  it("spaces, accents and control characters become underscores", () => {
    expect(medicalRecordPath("u1", "Résultats analyse\u0000.pdf", "k")).toBe("medical-records/u1/k_Re_sultats_analyse_.pdf")
  })
  it("a very long name keeps its last 80 characters (the extension with them)", () => {
    const path = medicalRecordPath("u1", `${"a".repeat(200)}.pdf`, "k")
    expect(path).toBe(`medical-records/u1/k_${"a".repeat(76)}.pdf`)
  })
  it("a name with nothing readable left is called file", () => {
    expect(medicalRecordPath("u1", "", "k")).toBe("medical-records/u1/k_file")
    expect(medicalRecordPath("u1", "...", "k")).toBe("medical-records/u1/k_file")
  })
  it("a user's own record file is theirs; another user's or one in a sub-folder is not", () => {
    expect(isOwnRecordFile("medical-records/u1/k_radio.pdf", "u1")).toBe(true)
    expect(isOwnRecordFile("medical-records/u12/k_radio.pdf", "u1")).toBe(false)
    expect(isOwnRecordFile("medical-records/u1/sub/k_radio.pdf", "u1")).toBe(false)
    expect(isOwnRecordFile("medical-records/u1k_radio.pdf", "u1")).toBe(false)
    expect(isOwnRecordFile("profile-photos/u1/k_radio.pdf", "u1")).toBe(false)
  })
  it("PDF, PNG, JPG, JPEG, DOC and DOCX, up to 10 MB", () => {
    expect([...RECORD_EXTENSIONS].sort()).toEqual([".doc", ".docx", ".jpeg", ".jpg", ".pdf", ".png"])
    expect(RECORD_MAX_BYTES).toBe(10 * 1024 * 1024)
  })
})

describe("the object a download URL names", () => {
  it("is the decoded name after /o/", () => {
    expect(objectNameOf("http://localhost/v0/b/bucket/o/medical-records%2Fu1%2Fk_radio.pdf?alt=media&token=t")).toBe("medical-records/u1/k_radio.pdf")
  })
  it("is none for a URL without /o/ or for text that is not a URL", () => {
    expect(objectNameOf("http://localhost/v0/b/bucket/medical-records")).toBeNull()
    expect(objectNameOf("not a url")).toBeNull()
    expect(objectNameOf("http://localhost/v0/b/bucket/o/%E0%A4%A")).toBeNull()
  })
})
