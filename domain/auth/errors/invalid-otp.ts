/**
 * A wrong code for a live verification (400 `invalid_otp`). `attemptsRemaining` is the number of
 * further tries left after this one; 0 means the verification is now dead.
 */
import { Schema } from "effect"

export class InvalidOtp extends Schema.TaggedError<InvalidOtp>()("InvalidOtp", {
  attemptsRemaining: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
}) {}
