import type { TFunction } from "i18next"
import { isBrieflyUnavailable } from "../api/requestError.ts"

/**
 * What the user reads of a failed call: for an outage answer (503, issue 37) that Promed is
 * briefly unavailable (after a write: and that what they typed is kept), else the screen's own
 * words (SPEC §8).
 */
export function failureText(t: TFunction, error: unknown, otherwise: string, after: "write" | "read" = "write"): string {
  if (!isBrieflyUnavailable(error)) return otherwise
  return after === "write" ? t("common.unavailable") : t("common.unavailableToLoad")
}

/**
 * What the user reads of a failed load: the screen's words (what could not be loaded), then for an
 * outage answer that it will pass, else the failure's own detail when the screen shows one.
 */
export function loadFailureText(t: TFunction, error: unknown, message: string, detail?: string): string {
  const more = isBrieflyUnavailable(error) ? t("common.unavailableToLoad") : detail
  return more ? `${message} ${more}` : message
}
