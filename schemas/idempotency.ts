import * as Schema from "effect/Schema"

/**
 * Safe retries (issue 13): a write that creates or changes an appointment may carry this header;
 * the gateway keeps its answer for 24 hours per user, and the same key gets the same answer
 * instead of a second booking.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"

/** Set on an answer that was kept from an earlier request with the same key. */
export const IDEMPOTENCY_REPLAYED_HEADER = "Idempotency-Replayed"

/** 1 to 255 visible ASCII characters (a UUID in practice). Pure: the app's entry imports the header names, never this. */
export const IdempotencyKey = /* @__PURE__ */ Schema.String.check(/* @__PURE__ */ Schema.isPattern(/^[\x21-\x7e]{1,255}$/, { message: "validation.invalid" }))
