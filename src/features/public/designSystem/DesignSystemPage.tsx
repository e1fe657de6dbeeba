import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/Field.tsx"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { Pagination } from "../../../ui/Pagination.tsx"
import { Select } from "../../../ui/Select.tsx"
import { StarInput, StarRating } from "../../../ui/StarRating.tsx"
import { Tabs } from "../../../ui/Tabs.tsx"
import { toast } from "../../../ui/toast/toastStore.ts"
import "./designSystem.css"

function Specimen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card specimen" aria-label={title}>
      <h2>{title}</h2>
      <div className="stack">{children}</div>
    </section>
  )
}

/** /design-system: the UI kit of src/ui in every state, for the team (an internal demo, SPEC §2). */
export function DesignSystemPage() {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [stars, setStars] = useState(0)
  const [choice, setChoice] = useState<"a" | "b">("a")
  const [tab, setTab] = useState<"one" | "two">("one")
  const [page, setPage] = useState(2)
  const [limit, setLimit] = useState(10)
  const options = [
    { value: "a" as const, label: t("designSystem.optionA") },
    { value: "b" as const, label: t("designSystem.optionB") },
  ]
  return (
    <div className="container page design-system">
      <h1>{t("designSystem.title")}</h1>
      <p className="muted">{t("designSystem.intro")}</p>
      <div className="specimens">
        <Specimen title={t("designSystem.buttons")}>
          <div className="row">
            <Button>{t("designSystem.primary")}</Button>
            <Button variant="secondary">{t("designSystem.secondary")}</Button>
            <Button variant="ghost">{t("designSystem.ghost")}</Button>
            <Button variant="danger">{t("designSystem.danger")}</Button>
            <Button loading>{t("designSystem.loading")}</Button>
            <Button size="small" disabled>
              {t("designSystem.disabled")}
            </Button>
          </div>
        </Specimen>
        <Specimen title={t("designSystem.badgesAndAlerts")}>
          <div className="row">
            <span className="badge">{t("designSystem.badge")}</span>
            <span className="badge badge-success">{t("designSystem.success")}</span>
            <span className="badge badge-warning">{t("designSystem.warning")}</span>
            <span className="badge badge-danger">{t("designSystem.error")}</span>
          </div>
          <p className="alert alert-info">{t("designSystem.info")}</p>
          <p className="alert alert-warning">{t("designSystem.warning")}</p>
          <p className="alert alert-danger">{t("designSystem.error")}</p>
        </Specimen>
        <Specimen title={t("designSystem.fields")}>
          <TextField label={t("designSystem.textField")} hint={t("designSystem.hint")} />
          <TextField label={t("designSystem.invalidField")} defaultValue="awa@" error="validation.emailInvalid" />
          <SelectField label={t("designSystem.nativeSelect")} options={options} />
          <Select label={t("designSystem.styledSelect")} value={choice} onValueChange={setChoice} options={options} />
          <TextAreaField label={t("designSystem.textArea")} rows={3} />
          <CheckboxField label={t("designSystem.checkbox")} defaultChecked />
        </Specimen>
        <Specimen title={t("designSystem.ratings")}>
          <StarRating rating={4.5} />
          <StarInput label={t("designSystem.yourRating")} value={stars} onChange={setStars} />
        </Specimen>
        <Specimen title={t("designSystem.overlays")}>
          <div className="row">
            <Button variant="secondary" onClick={() => setDialog(true)}>
              {t("designSystem.openDialog")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirm(true)}>
              {t("designSystem.openConfirm")}
            </Button>
            <Button variant="secondary" onClick={() => toast.success(t("designSystem.toastText"))}>
              {t("designSystem.showToast")}
            </Button>
          </div>
          <Dialog open={dialog} onOpenChange={setDialog} title={t("designSystem.dialogTitle")} description={t("designSystem.dialogText")} />
          <ConfirmDialog
            open={confirm}
            title={t("designSystem.confirmTitle")}
            description={t("designSystem.dialogText")}
            confirmLabel={t("common.confirm")}
            cancelLabel={t("common.cancel")}
            destructive
            onConfirm={() => setConfirm(false)}
            onCancel={() => setConfirm(false)}
          />
        </Specimen>
        <Specimen title={t("designSystem.navigation")}>
          <Tabs
            label={t("designSystem.tabs")}
            tabs={[
              { key: "one", label: t("designSystem.tabOne") },
              { key: "two", label: t("designSystem.tabTwo") },
            ]}
            selected={tab}
            onSelect={setTab}
          >
            <p>{t(tab === "one" ? "designSystem.tabOneText" : "designSystem.tabTwoText")}</p>
          </Tabs>
          <Pagination page={page} limit={limit} totalCount={95} onPageChange={setPage} onLimitChange={setLimit} />
          <LoadingScreen label={t("designSystem.loading")} />
        </Specimen>
      </div>
    </div>
  )
}
