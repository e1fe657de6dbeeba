import { linkOrigin, type ServerConfig } from "../config.ts"
import { paydunyaProvider } from "./paydunya.ts"
import type { PaymentProvider } from "./provider.ts"
import { sandboxProvider } from "./sandbox.ts"

/** The provider PAYMENT_PROVIDER names, as SMS_PROVIDER_URL picks the SMS sender (server/sms/sms.ts). */
export function paymentProviderOf(config: Pick<ServerConfig, "payments" | "publicOrigin" | "port">): PaymentProvider {
  const { payments } = config
  if (payments.provider === "paydunya" && payments.paydunya) return paydunyaProvider(payments.paydunya)
  return sandboxProvider(payments.webhookSecret, linkOrigin(config))
}
