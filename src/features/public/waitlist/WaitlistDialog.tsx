import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { waitlistMachine, WaitlistValues } from "../../../../machines/waitlist.machine.ts"
import { WAITLIST_ROLES } from "../../../../schemas/waitlist.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import { Button } from "../../../ui/Button.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { CheckboxField, TextField } from "../../../ui/Field.tsx"

/** The waitlist modal (SPEC §2): who you are, how to reach you, and updates opt-in. */
export function WaitlistDialog({ actor }: { actor: ActorRefFrom<typeof waitlistMachine> }) {
  const { t } = useTranslation()
  const open = useSelector(actor, (s) => s.matches("open"))
  const phase = useSelector(actor, (s) =>
    s.matches({ open: "submitting" }) ? "submitting" : s.matches({ open: "success" }) ? "success" : s.matches({ open: "failure" }) ? "failure" : "editing",
  )
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const change = (patch: Partial<WaitlistValues>) => actor.send({ type: "waitlist.change", values: patch })
  const text = (name: "name" | "email" | "organization" | "speciality" | "phone") => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? null : actor.send({ type: "waitlist.close" }))}
      title={t("waitlist.title")}
      description={t("waitlist.intro")}
    >
      {phase === "success" ? (
        <p className="alert alert-success" role="status">
          {t("waitlist.success")}
        </p>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: "waitlist.submit" })
          }}
        >
          {phase === "failure" ? (
            <p className="alert alert-danger" role="alert">
              {t("waitlist.failure")}
            </p>
          ) : null}
          <fieldset className="waitlist-roles">
            <legend>{t("waitlist.role")}</legend>
            <div className="row">
              {WAITLIST_ROLES.map((role) => (
                <label key={role} className="checkbox-field">
                  <input type="radio" name="waitlist-role" checked={values.role === role} onChange={() => change({ role })} />
                  <span>{t(`waitlist.roles.${role}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextField label={t("waitlist.name")} required autoComplete="name" maxLength={LIMITS.nameMax} {...text("name")} />
          <TextField label={t("waitlist.email")} required type="email" autoComplete="email" {...text("email")} />
          {values.role !== "patient" ? (
            <TextField label={t(values.role === "facility" ? "waitlist.facilityName" : "waitlist.organization")} maxLength={200} {...text("organization")} />
          ) : null}
          {values.role === "professional" ? <TextField label={t("waitlist.speciality")} maxLength={100} {...text("speciality")} /> : null}
          <TextField label={t("waitlist.phone")} type="tel" autoComplete="tel" maxLength={LIMITS.phoneMax} {...text("phone")} />
          <CheckboxField label={t("waitlist.updates")} checked={values.updates} onChange={(e) => change({ updates: e.target.checked })} />
          <div className="row">
            <Button type="submit" loading={phase === "submitting"}>
              {phase === "submitting" ? t("waitlist.joining") : t("waitlist.join")}
            </Button>
            <Button variant="ghost" disabled={phase === "submitting"} onClick={() => actor.send({ type: "waitlist.close" })}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
