import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { doctorSlotWaitlistCountQuery } from "../../../api/slotWaitlists.ts"
import { Address, formatRating, Money } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Avatar } from "../../../layout/Avatar.tsx"
import { useSessionUser } from "../../../session/useSession.ts"
import { todayIn } from "../../../time/calendar.ts"
import { upcomingConfirmed } from "../../appointments-shared/appointmentFilters.ts"
import { NotificationBell } from "../../appointments-shared/NotificationBell.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { dashboardStats } from "./dashboardStats.ts"
import { daysOfPractice, experienceOf } from "./experience.ts"
import "./profile.css"
import { doctorName, specialtyLabel } from "../../../i18n/doctorText.ts"
import { CalendarIcon, ScheduleIcon, StarIcon, UsersIcon } from "../../../ui/icons.tsx"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"
import { icon } from "../../../ui/icon.tsx"

/** A wallet, for the payments page (issue 40); drawn here, the only place that shows it. */
const WalletIcon = /* @__PURE__ */ icon(
  "M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4",
)

/** /doctor/profile: the doctor's dashboard (SPEC §2 "Doctor screens"). */
export function DoctorDashboardPage() {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { doctor, timeZone } = useDoctorSession()
  const sessionAppointments = useSessionUser()?.appointments
  // The session's list is what sign-in saw; the dashboard asks again so the bell counts bookings
  // made since (a patient booking a minute ago).
  const fresh = useQuery({ ...appointmentsQuery(), refetchOnMount: "always" })
  const waiting = useQuery({ ...doctorSlotWaitlistCountQuery(doctor.id), refetchOnMount: "always" })
  const appointments = fresh.data ?? sessionAppointments ?? []
  const stats = dashboardStats(appointments)
  const confirmedAhead = upcomingConfirmed(appointments, Date.now())
  const primary = doctor.locations.find((l) => l.isPrimary) ?? doctor.locations[0]
  const experience = doctor.careerStartYear ? experienceOf(daysOfPractice(doctor.careerStartYear, todayIn(timeZone))) : null
  const name = doctorName(t, doctor)

  return (
    <div className="container page stack doctor-dashboard">
      <header className="card dashboard-banner">
        <Avatar photoUrl={doctor.photoUrl} role="doctor" size={96} alt={name} name={`${doctor.firstName} ${doctor.lastName}`} />
        <div className="dashboard-identity">
          <h1>{name}</h1>
          <p className="muted">{doctor.specialties.map((s) => specialtyLabel(t, s)).join(" · ")}</p>
          <p>
            <span className="visually-hidden">
              {t("doctorDashboard.ratingLabel", { rating: formatRating(doctor.averageRate, language), count: doctor.reviewCount })}
            </span>
            <span aria-hidden="true">
              <StarIcon className="dashboard-star" /> {formatRating(doctor.averageRate, language)}
            </span>{" "}
            <span className="muted" aria-hidden="true">
              ({t("doctorDashboard.reviews", { count: doctor.reviewCount })})
            </span>
          </p>
        </div>
        <div className="dashboard-actions">
          <NotificationBell appointments={confirmedAhead} perspective="doctor" />
          <Link to="/doctor/settings" className="btn btn-secondary">
            {t("doctorDashboard.settings")}
          </Link>
          <Link to="/doctor/profile/edit" className="btn btn-primary">
            {t("doctorDashboard.editProfile")}
          </Link>
        </div>
      </header>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          {t("doctorDashboard.statistics")}
        </h2>
        <ul className="stats-row">
          <Stat label={t("doctorDashboard.stats.today")} value={String(stats.today)} />
          <Stat label={t("doctorDashboard.stats.appointments")} value={String(stats.appointments)} />
          <Stat label={t("doctorDashboard.stats.patients")} value={String(stats.patients)} />
          <Stat label={t("doctorDashboard.stats.completion")} value={stats.completionRate === null ? "—" : `${stats.completionRate} %`} />
        </ul>
        {/* Issue 14: how many patients wait for a freed slot (nothing while unknown). */}
        {waiting.data ? (
          <p className="waitlist-count" data-testid="waitlist-count">
            {t("slotWaitlist.doctorCount", { count: waiting.data.waiting })}
          </p>
        ) : null}
      </section>

      <nav aria-label={t("doctorDashboard.quickActions")} className="quick-actions">
        <Link to="/doctor/appointments" className="card quick-action">
          <CalendarIcon /> {t("doctorDashboard.actions.appointments")}
        </Link>
        <Link to="/doctor/schedule" className="card quick-action">
          <ScheduleIcon /> {t("doctorDashboard.actions.schedule")}
        </Link>
        <Link to="/doctor/$doctorId/patients" params={{ doctorId: doctor.id }} className="card quick-action">
          <UsersIcon /> {t("doctorDashboard.actions.patients")}
        </Link>
        <Link to="/doctor/payments" className="card quick-action">
          <WalletIcon /> {t("doctorDashboard.actions.payments")}
        </Link>
      </nav>

      <div className="grid-cards dashboard-sections">
        <Section title={t("doctorDashboard.contact")}>
          <dl className="info-list">
            <dt>{t("doctorDashboard.address")}</dt>
            <dd>{primary ? <Address parts={[primary.address, primary.city]} /> : t("doctorDashboard.notGiven")}</dd>
            <dt>{t("doctorDashboard.email")}</dt>
            <dd>
              <a href={`mailto:${doctor.email}`} dir="ltr">
                {doctor.email}
              </a>
            </dd>
            <dt>{t("doctorDashboard.phone")}</dt>
            <dd>{doctor.phoneNumber ? <PhoneLink phone={doctor.phoneNumber} /> : t("doctorDashboard.notGiven")}</dd>
            <dt>{t("doctorDashboard.website")}</dt>
            <dd>
              {doctor.website ? (
                <a href={doctor.website} target="_blank" rel="noreferrer">
                  {doctor.website}
                </a>
              ) : (
                t("doctorDashboard.notGiven")
              )}
            </dd>
          </dl>
        </Section>
        <Section title={t("doctorDashboard.experience")}>
          <p className="experience-value">{experience ? t(`experience.${experience.unit}`, { count: experience.value }) : t("doctorDashboard.notGiven")}</p>
          {doctor.careerStartYear ? <p className="muted">{t("doctorDashboard.since", { year: doctor.careerStartYear })}</p> : null}
        </Section>
        <Section title={t("doctorDashboard.biography")}>
          <p>{doctor.biography || t("doctorDashboard.noBiography")}</p>
        </Section>
        <Section title={t("doctorDashboard.services")}>
          {doctor.providedServices.length === 0 ? <p className="muted">{t("doctorDashboard.noneYet")}</p> : null}
          <ul className="plain-list">
            {doctor.providedServices.map((s) => (
              <li key={s.code} className="row service-row">
                <span>{t(`doctorDashboard.serviceCodes.${s.code}`)}</span>
                <strong>
                  <Money amount={s.price} />
                </strong>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t("doctorDashboard.awards")}>
          {doctor.awards.length === 0 ? <p className="muted">{t("doctorDashboard.noneYet")}</p> : null}
          <ul className="plain-list">
            {doctor.awards.map((a) => (
              <li key={`${a.title}-${a.year}`}>
                <strong>{a.title}</strong>
                <br />
                <span className="muted">
                  {a.issuer} · {a.year}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t("doctorDashboard.publications")}>
          {doctor.publications.length === 0 ? <p className="muted">{t("doctorDashboard.noneYet")}</p> : null}
          <ul className="plain-list">
            {doctor.publications.map((p) => (
              <li key={`${p.title}-${p.year}`}>
                {p.url ? (
                  <a href={p.url} target="_blank" rel="noreferrer">
                    {p.title}
                  </a>
                ) : (
                  <strong>{p.title}</strong>
                )}
                <br />
                <span className="muted">
                  {p.journal} · {p.year}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t("doctorDashboard.clinicPhotos")}>
          {doctor.clinicPhotos.length === 0 ? <p className="muted">{t("doctorDashboard.noPhotos")}</p> : null}
          <ul className="clinic-photos">
            {doctor.clinicPhotos.map((url, i) => (
              <li key={url}>
                <img src={url} alt={t("doctorDashboard.clinicPhotoAlt", { n: i + 1 })} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <li className="card stat">
      <strong className="stat-value">{value}</strong>
      <span className="muted">{label}</span>
    </li>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card stack">
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  )
}
