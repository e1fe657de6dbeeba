import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { doctorPatientsQuery } from "../../../api/doctorPatients.ts"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { SelectField } from "../../../ui/Field.tsx"
import { AddressBooking } from "../../booking/AddressBooking.tsx"
import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import { LoadProblem } from "../common/LoadProblem.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import "../common/doctorCommon.css"
import { idAmong, type PatientId } from "../../../../schemas/ids.ts"

const route = getRouteApi("/doctor/appointments/new")

/**
 * /doctor/appointments/new?patientId=: the doctor books one of their patients into their own
 * slots with the booking wizard, open while the address names its step (`&booking=2`, issue 11).
 * Without a patient in the address, one is chosen first; without a free slot, a dialog offers the
 * schedule (SPEC §2).
 */
export function NewAppointmentPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { doctor } = useDoctorSession()
  const search = route.useSearch()
  const patientId = search.patientId ?? null
  const patients = useQuery(doctorPatientsQuery(doctor.id))
  const [chosen, setChosen] = useState<PatientId | "">("")
  const [noSlotOpen, setNoSlotOpen] = useState(true)
  const patient = patients.data?.find((p) => p.id === patientId)
  const noSlot = doctor.nextAvailability === null
  const showStep = (booking: BookingStep | undefined, replace: boolean) =>
    void navigate({ to: "/doctor/appointments/new", search: { patientId: search.patientId, booking }, replace })
  const leave = () =>
    void navigate(patientId ? { to: "/doctor/$doctorId/patients/$patientId", params: { doctorId: doctor.id, patientId } } : { to: "/doctor/appointments" })

  return (
    <div className="container page stack">
      <h1>{t("doctorAppointments.newTitle")}</h1>
      {patients.error ? (
        <LoadProblem
          mode="panel"
          message={t("doctorPatients.loadFailed")}
          error={patients.error}
          onRefresh={() => void patients.refetch()}
          refreshing={patients.isFetching}
        />
      ) : null}
      {patients.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {patients.data && !patientId ? (
        <form
          className="card stack"
          onSubmit={(event) => {
            event.preventDefault()
            if (chosen) void navigate({ to: "/doctor/appointments/new", search: { patientId: chosen, booking: 1 }, replace: true })
          }}
        >
          <SelectField
            label={t("doctorAppointments.choosePatient")}
            value={chosen}
            placeholder={t("doctorAppointments.choosePatientPlaceholder")}
            onChange={(e) => setChosen(idAmong(patients.data ?? [], e.target.value) ?? "")}
            options={patients.data.map((p) => ({ value: p.id, label: `${p.lastName} ${p.firstName}` }))}
          />
          <div className="row">
            <Button type="submit" disabled={!chosen}>
              {t("common.next")}
            </Button>
          </div>
        </form>
      ) : null}
      {patients.data && patientId && !patient ? (
        <div className="card empty-state">
          <p>{t("doctorAppointments.notYourPatient")}</p>
          <Link to="/doctor/$doctorId/patients" params={{ doctorId: doctor.id }} className="btn btn-secondary">
            {t("doctorPatients.backToList")}
          </Link>
        </div>
      ) : null}
      {patient ? (
        <div className="card stack">
          <p>{t("doctorAppointments.bookingFor", { name: `${patient.firstName} ${patient.lastName}` })}</p>
          <div className="row">
            <Button onClick={() => (noSlot ? setNoSlotOpen(true) : showStep(1, false))}>{t("doctorAppointments.openBooking")}</Button>
            <Button variant="secondary" onClick={leave}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {patient && noSlot ? (
        <ConfirmDialog
          open={noSlotOpen}
          title={t("doctorPatients.noSlotTitle")}
          description={t("doctorPatients.noSlotText")}
          confirmLabel={t("doctorPatients.goToSchedule")}
          cancelLabel={t("common.close")}
          onConfirm={() => void navigate({ to: "/doctor/schedule" })}
          onCancel={() => setNoSlotOpen(false)}
        />
      ) : null}
      {patient && !noSlot && search.booking !== undefined ? (
        <AddressBooking doctor={doctor} step={search.booking} origin="doctor" patientId={patient.id} setStep={showStep} />
      ) : null}
    </div>
  )
}
