import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import type { Perspective } from "./appointmentFilters.ts"
import type { AppointmentId } from "../../../schemas/ids.ts"

interface AppointmentLinkProps {
  readonly id: AppointmentId
  /** Whose detail page: /appointments/{id} for patients, /doctor/appointments/{id} for doctors (SPEC §2). */
  readonly perspective: Perspective
  readonly className?: string
  readonly onClick?: () => void
  readonly children: ReactNode
}

/** A link to an appointment's detail page, checked against the route table (not a built string). */
export function AppointmentLink({ id, perspective, ...rest }: AppointmentLinkProps) {
  return perspective === "patient" ? (
    <Link to="/appointments/$appointmentId" params={{ appointmentId: id }} {...rest} />
  ) : (
    <Link to="/doctor/appointments/$appointmentId" params={{ appointmentId: id }} {...rest} />
  )
}

/** The list page of each side. */
export const APPOINTMENT_LIST = { patient: "/appointments", doctor: "/doctor/appointments" } as const satisfies Record<Perspective, string>
