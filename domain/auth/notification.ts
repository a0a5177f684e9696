/**
 * A message to a customer (docs/contract/accounts.md "Notifications"): an OTP code by SMS or email, or an
 * emailed reset link (`link` = RESET_URL_BASE?token=…, with the raw `token`). This shape is also
 * the JSON line written to NOTIFICATIONS_FILE.
 */
import { Schema } from "effect"
import { VerificationChannel, VerificationPurpose } from "./verification.ts"

export const Notification = Schema.Struct({
  channel: VerificationChannel,
  /** Normalised email or phone. */
  to: Schema.NonEmptyString,
  purpose: VerificationPurpose,
  code: Schema.optionalKey(Schema.String),
  link: Schema.optionalKey(Schema.String),
  token: Schema.optionalKey(Schema.String),
  createdAt: Schema.Date
})
export type Notification = typeof Notification.Type

/** The reset link of an emailed reset token: `base?token=…` (an existing query is kept). */
export const resetLink = (resetUrlBase: string, token: string): string =>
  `${resetUrlBase}${resetUrlBase.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`
