import { colourOf, initialsOf } from "./initials.ts"
import type { RoleName } from "../session/roles.ts"

const DEFAULT_IMAGES: Record<RoleName, string> = {
  patient: "/images/default-patient.svg",
  doctor: "/images/default-doctor.svg",
  manager: "/images/default-manager.svg",
  admin: "/images/default-manager.svg",
}

/**
 * A user's photo; without one, the initials of their name on a colour drawn from it (when the
 * name is given), else the default image of their role.
 */
export function Avatar({
  photoUrl,
  role,
  size = 40,
  alt = "",
  name,
}: {
  photoUrl: string | null | undefined
  role: RoleName | null
  size?: number
  alt?: string
  name?: string
}) {
  if (!photoUrl && name) {
    return (
      <span
        className="avatar avatar-initials"
        style={{ inlineSize: size, blockSize: size, background: colourOf(name), fontSize: size * 0.4 }}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        {initialsOf(name)}
      </span>
    )
  }
  const src = photoUrl || DEFAULT_IMAGES[role ?? "patient"]
  return <img className="avatar" src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />
}
