import type { Doctor } from "../../../schemas/doctor.ts"

export interface ReviewsSectionProps {
  doctor: Doctor
}

/**
 * The collapsible reviews section of the doctor profile (issue 4 replaces this placeholder: list,
 * summary, add, edit, delete, reactions). Import it lazily from the profile page.
 */
export default function ReviewsSection(_props: ReviewsSectionProps) {
  return null
}
