import { formatPhone } from "../../schemas/phone.ts"

/** A phone number to call, grouped for reading and kept left to right inside Arabic text. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone}`} dir="ltr" className={className}>
      {formatPhone(phone)}
    </a>
  )
}
