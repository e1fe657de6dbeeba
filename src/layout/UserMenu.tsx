import { Link } from "@tanstack/react-router"
import { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../appContext.tsx"
import { roleHome, roleNameOf, roleSettings } from "../session/roles.ts"
import { useSessionUser } from "../session/useSession.ts"
import { Avatar } from "./Avatar.tsx"

/** Photo (or the role's default image), name, and Profile / Settings / Sign out (SPEC §2). */
export function UserMenu() {
  const { t } = useTranslation()
  const { session } = useAppActors()
  const user = useSessionUser()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false)
    }
    document.addEventListener("pointerdown", onPointer)
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("pointerdown", onPointer)
      document.removeEventListener("keydown", onKey)
    }
  }, [open])

  if (!user) return null
  const fullName = `${user.firstName} ${user.lastName}`
  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu-trigger"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu"
      >
        <Avatar photoUrl={user.photoUrl} role={roleNameOf(user.roleName)} size={36} />
        <span className="user-menu-name">{fullName}</span>
      </button>
      {open ? (
        <ul id={menuId} className="user-menu-list">
          <li>
            <Link to={roleHome(user.roleName)} onClick={() => setOpen(false)}>
              {t("header.profile")}
            </Link>
          </li>
          <li>
            <Link to={roleSettings(user.roleName)} onClick={() => setOpen(false)}>
              {t("header.settings")}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false)
                session.send({ type: "session.logout" })
              }}
            >
              {t("header.signOut")}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  )
}
