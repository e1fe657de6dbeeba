import { formatPhone } from "../../schemas/phone.ts"

/** A phone number to call, grouped for reading and kept left to right inside Arabic text. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} dir="ltr">
      {formatPhone(phone)}
    </a>
  )
}
