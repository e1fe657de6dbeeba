import type { RoleName } from "../session/roles.ts"

const DEFAULT_IMAGES: Record<RoleName, string> = {
  patient: "/images/default-patient.svg",
  doctor: "/images/default-doctor.svg",
  manager: "/images/default-manager.svg",
  admin: "/images/default-manager.svg",
}

/** A user's photo, or the default image of their role when they have none. */
export function Avatar({ photoUrl, role, size = 40, alt = "" }: { photoUrl: string | null | undefined; role: RoleName | null; size?: number; alt?: string }) {
  const src = photoUrl || DEFAULT_IMAGES[role ?? "patient"]
  return <img className="avatar" src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />
}
