/**
 * The new password breaks the policy (422 `password_too_weak`): fewer than 8 or more than 128
 * Unicode code points after NFKC normalisation, or one of the common passwords.
 */
import { Schema } from "effect"

export const PasswordWeakness = Schema.Literals(["too_short", "too_long", "common"])
export type PasswordWeakness = typeof PasswordWeakness.Type

export class PasswordTooWeak extends Schema.TaggedError<PasswordTooWeak>()("PasswordTooWeak", {
  reason: PasswordWeakness
}) {}
