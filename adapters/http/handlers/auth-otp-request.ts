/**
 * The OTP request body as the use case takes it. The channel decides which contact field is
 * needed (email for `email`, phone for `sms`; the other must be absent), and `verify_email` /
 * `verify_phone` codes go only by email / SMS. Breaking these is 400 validation_failed.
 */
import { Result } from "effect"
import type { OtpRequest } from "../../../application/auth/request-otp.ts"
import { isChannelAllowed, type VerificationChannel, type VerificationPurpose } from "../../../domain/auth/verification.ts"
import type { NormalisedEmail } from "../../../domain/customer/email.ts"
import type { CanonicalPhone } from "../../../domain/customer/phone.ts"
import type { FieldProblem } from "../problems/request-problems.ts"

export interface OtpRequestPayload {
  readonly channel: VerificationChannel
  readonly purpose: VerificationPurpose
  readonly email?: NormalisedEmail
  readonly phone?: CanonicalPhone
}

export const toOtpRequest = (payload: OtpRequestPayload): Result.Result<OtpRequest, ReadonlyArray<FieldProblem>> => {
  const problems: Array<FieldProblem> = []
  const [needed, other] = payload.channel === "email" ? ["email", "phone"] as const : ["phone", "email"] as const
  if (payload[needed] === undefined) {
    problems.push({ path: needed, message: `Required when channel is ${payload.channel}` })
  }
  if (payload[other] !== undefined) {
    problems.push({ path: other, message: `Not allowed when channel is ${payload.channel}` })
  }
  if (!isChannelAllowed(payload.purpose, payload.channel)) {
    problems.push({
      path: "channel",
      message: `${payload.purpose} codes are sent by ${payload.purpose === "verify_email" ? "email" : "sms"}`
    })
  }
  if (problems.length > 0) return Result.fail(problems)
  if (payload.channel === "email" && payload.email !== undefined) {
    return Result.succeed({ purpose: payload.purpose, destination: { channel: "email", email: payload.email } })
  }
  if (payload.channel === "sms" && payload.phone !== undefined) {
    return Result.succeed({ purpose: payload.purpose, destination: { channel: "sms", phone: payload.phone } })
  }
  return Result.fail([{ path: "payload", message: "Expected a destination" }])
}
