import type { SeededDoctor } from "./doctorRows.ts"
import type { SeededPatient } from "./patientRows.ts"
import { MIXED_COMMENTS, NEGATIVE_COMMENTS, POSITIVE_COMMENTS, REASONS } from "./reviews.ts"
import { localDay, localInstant, type SeedContext } from "./rows.ts"
import type { DependantId, ReviewId } from "../../../schemas/ids.ts"

// On the half-hour grids of the seeded schedules (slots run back to back from 08:00, 08:30, 09:00, 14:00 or 15:00).
const CONSULTATION_TIMES = ["08:30", "09:00", "10:00", "10:30", "11:30", "15:00", "16:00"]

/** A finished (or, with canceledAt, canceled) clinic consultation some days ago; past appointments need no slot. */
export function addPastAppointment(
  ctx: SeedContext,
  doctor: SeededDoctor,
  patient: SeededPatient,
  daysAgo: number,
  extra: { reason?: string; dependantId?: DependantId; canceledAt?: Date } = {},
): Date {
  const when = localInstant(localDay(ctx, doctor.city.timeZone, -daysAgo), ctx.rng.pick(CONSULTATION_TIMES), doctor.city.timeZone)
  ctx.rows.appointments.push({
    id: ctx.ids.uuid(),
    doctorId: doctor.doctorId,
    patientId: patient.patientId,
    dependantId: extra.dependantId ?? null,
    timeSlotId: null,
    appointmentTime: when,
    timeZone: doctor.city.timeZone,
    appointmentType: "CLINIC",
    status: extra.canceledAt ? "CANCELED" : "COMPLETE",
    canceledAt: extra.canceledAt ?? null,
    facilityId: doctor.facilityIds[0] ?? null,
    reason: extra.reason ?? ctx.rng.pick(REASONS.CLINIC),
    location: null,
  })
  return when
}

/** Mostly satisfied patients, as on real review sites. */
const RATING_WEIGHTS = [
  [5, 40],
  [4, 35],
  [3, 14],
  [2, 7],
  [1, 4],
] as const

function commentFor(ctx: SeedContext, rating: number, doctorName: string): string {
  const pool = rating >= 4 ? POSITIVE_COMMENTS : rating === 3 ? MIXED_COMMENTS : NEGATIVE_COMMENTS
  return ctx.rng.pick(pool).replaceAll("{doctor}", doctorName)
}

/**
 * Several reviews for each given doctor, each after a COMPLETE appointment of its author, with
 * a few reactions; the first doctor gets a featured five-star review.
 */
export function addReviews(ctx: SeedContext, doctors: ReadonlyArray<SeededDoctor>, reviewers: ReadonlyArray<SeededPatient>): void {
  const { rng } = ctx
  doctors.forEach((doctor, d) => {
    rng.sample(reviewers, rng.int(2, 6)).forEach((patient, i) => {
      const featured = d === 0 && i === 0
      const rating = featured ? 5 : rng.weighted(RATING_WEIGHTS)
      const daysAgo = rng.int(3, 300)
      addPastAppointment(ctx, doctor, patient, daysAgo + rng.int(1, 14))
      const reviewId = ctx.ids.uuid<ReviewId>()
      ctx.rows.reviews.push({
        id: reviewId,
        doctorId: doctor.doctorId,
        patientId: patient.patientId,
        rating,
        comment: commentFor(ctx, rating, doctor.name),
        // Posted one evening 1-14 days after the consultation, and at least 3 days ago.
        postedDate: localInstant(localDay(ctx, doctor.city.timeZone, -daysAgo), "20:30", doctor.city.timeZone),
        isFeatured: featured,
      })
      for (const fan of rng.sample(
        reviewers.filter((r) => r !== patient),
        rng.int(0, 3),
      )) {
        ctx.rows.reviewReactions.push({
          id: ctx.ids.uuid(),
          reviewId,
          userId: fan.userId,
          reactionType: rng.chance(0.8) ? "LIKE" : "DISLIKE",
        })
      }
    })
  })
}
