import { getRouteApi, Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { recordShareMachine } from "../../../../machines/recordShare.machine.ts"
import { MEDICAL_RECORD_TYPES, type MedicalRecordType } from "../../../../schemas/enums.ts"
import type { MedicalRecord } from "../../../../schemas/patient.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { SelectField, TextField } from "../../../ui/Field.tsx"
import { toast } from "../../../ui/toast/toastStore.ts"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { sampleHistory } from "./sampleHistory.ts"
import { ShareRecordDialog } from "./ShareRecordDialog.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./patients.css"
import { BackIcon } from "../../../ui/icons.tsx"
import type { MedicalRecordId } from "../../../../schemas/ids.ts"

const route = getRouteApi("/doctor/patients/$patientId/history")

/** Like the waitlist stub of SPEC §4: 1 s, and one time in ten the simulated share fails. */
const simulatedShare = fromPromise<void, { recordId: MedicalRecordId; email: string }>(
  () => new Promise((resolve, reject) => setTimeout(() => (Math.random() < 0.1 ? reject(new Error("simulated share failure")) : resolve()), 1000)),
)

/** Records grouped by month (yyyy-MM), most recent first. */
function byMonth(records: ReadonlyArray<MedicalRecord>): Array<[string, MedicalRecord[]]> {
  const groups = new Map<string, MedicalRecord[]>()
  for (const r of [...records].sort((a, b) => b.date.localeCompare(a.date))) {
    const month = r.date.slice(0, 7)
    groups.set(month, [...(groups.get(month) ?? []), r])
  }
  return [...groups]
}

/** /doctor/patients/{patientId}/history: the sample history of SPEC §2, clearly marked as such. */
export function PatientHistoryPage() {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { patientId } = route.useParams()
  const { doctor } = useDoctorSession()
  const [records] = useState(() => sampleHistory())
  const [query, setQuery] = useState("")
  const [type, setType] = useState<MedicalRecordType | "">("")
  const share = useFlowActor(recordShareMachine.provide({ actors: { shareRecord: simulatedShare } }))
  const shareState = useSelector(share, (s) => s.value as string)
  const q = query.trim().toLowerCase()
  const shown = records.filter((r) => (!type || r.type === type) && (!q || `${r.title} ${r.description} ${r.doctor?.name ?? ""}`.toLowerCase().includes(q)))
  const placeholderAlert = () => toast.info(t("patientHistory.placeholder"))

  return (
    <div className="container page stack">
      <div className="row">
        <Link to="/doctor/$doctorId/patients/$patientId" params={{ doctorId: doctor.id, patientId }} className="btn btn-ghost btn-small">
          <span aria-hidden="true" className="flip-rtl">
            <BackIcon />
          </span>{" "}
          {t("patientHistory.backToPatient")}
        </Link>
      </div>
      <h1>{t("patientHistory.title")}</h1>
      <p className="alert alert-warning sample-banner" role="note">
        {t("patientHistory.sampleNotice")}
      </p>
      <div className="form-grid">
        <TextField label={t("patientHistory.search")} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <SelectField
          label={t("patientHistory.type")}
          value={type}
          placeholder={t("patientHistory.allTypes")}
          onChange={(e) => setType(e.target.value as MedicalRecordType | "")}
          options={MEDICAL_RECORD_TYPES.map((v) => ({ value: v, label: t(`patientHistory.types.${v}`) }))}
        />
      </div>
      {shown.length === 0 ? <p className="card empty-state">{t("patientHistory.empty")}</p> : null}
      {byMonth(shown).map(([month, list]) => (
        <section key={month} className="history-month" aria-labelledby={`month-${month}`}>
          <h2 id={`month-${month}`}>{formatDate(`${month}-01`, language, { month: "long", year: "numeric" })}</h2>
          <ul className="grid-cards">
            {list.map((r) => (
              <li key={r.id} className="card history-record">
                <div className="row">
                  <span className="badge">{t(`patientHistory.types.${r.type}`)}</span>
                  <span className="muted">{formatDate(r.date, language)}</span>
                </div>
                <h3>{r.title}</h3>
                <p>{r.description}</p>
                {r.doctor ? (
                  <p className="muted">
                    {r.doctor.name}
                    {r.doctor.specialty ? ` · ${r.doctor.specialty}` : ""}
                  </p>
                ) : null}
                <p className="muted">{t("patientHistory.attachments", { count: r.attachments.length })}</p>
                <div className="row">
                  <Button variant="secondary" size="small" onClick={placeholderAlert}>
                    {t("patientHistory.view")}
                  </Button>
                  <Button variant="secondary" size="small" onClick={placeholderAlert} disabled={r.attachments.length === 0}>
                    {t("patientHistory.download")}
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => share.send({ type: "share.open", recordId: r.id })}
                    aria-label={t("patientHistory.shareOf", { title: r.title })}
                  >
                    {t("patientHistory.share")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {shareState !== "closed" ? <ShareRecordDialog share={share} /> : null}
    </div>
  )
}
