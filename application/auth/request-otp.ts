/**
 * POST /auth/otp/request (docs/contract/accounts.md): issue a 6-digit code for a destination and purpose,
 * voiding the live codes of that destination and purpose, and answer the verification id.
 *
 * - Sends count against the destination (1 per 60 s, 5 per hour) and the client IP (30 per
 *   hour), whether or not anything is sent.
 * - `login` and `reset_password` codes are sent only when the destination (email, or phone) is
 *   a customer's; `verify_email` / `verify_phone` need a signed-in customer and are sent only to
 *   that customer's current email / phone. Otherwise the answer is identical, but the
 *   verification belongs to nobody and no message leaves (nobody can ever use its code). A
 *   `verify_*` verification records the session that asked for it (registration-claim.ts).
 * - A linked account whose email is unproven may not prove a phone: `verify_phone` answers
 *   EmailVerificationRequired (403) before anything is counted or sent (docs/contract/accounts.md).
 */
import { Effect, Option } from "effect"
import { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"
import {
  reissueVerification,
  type VerificationChannel,
  type VerificationPurpose
} from "../../domain/auth/verification.ts"
import { checkMayVerifyPhone, type Customer, isEmailVerified } from "../../domain/customer/customer.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import { type CanonicalPhone, samePhone } from "../../domain/customer/phone.ts"
import { currentTime } from "./current-time.ts"
import { hashOtpCode } from "./otp-code-hash.ts"
import { consumeRateLimits } from "./rate-limit-guard.ts"
import { clientSendLimits, destinationSendLimits } from "./request-password-reset.ts"
import type { AccountPorts } from "./account-ports.ts"
import { VerificationId } from "../../domain/shared/ids.ts"
import type { AuthenticatedSession } from "./authenticate-access-token.ts"

export type OtpDestination =
  | { readonly channel: Extract<VerificationChannel, "email">; readonly email: NormalisedEmail }
  | { readonly channel: Extract<VerificationChannel, "sms">; readonly phone: CanonicalPhone }

export interface OtpRequest {
  readonly destination: OtpDestination
  readonly purpose: VerificationPurpose
}

export interface IssuedVerification {
  readonly verificationId: VerificationId
  readonly expiresAt: Date
}

const destinationOf = (destination: OtpDestination): string =>
  destination.channel === "email" ? destination.email : destination.phone

const holds = (customer: Customer, destination: OtpDestination): boolean =>
  destination.channel === "email" ? customer.email === destination.email : customer.phone !== null && samePhone(customer.phone, destination.phone)

/** The customer a code for this request goes to, if any. */
const recipientOf = (ports: AccountPorts, request: OtpRequest, signedIn: Option.Option<AuthenticatedSession>) =>
  Effect.gen(function*() {
    const customers = ports.customers
    if (request.purpose === "login" || request.purpose === "reset_password") {
      return request.destination.channel === "email"
        ? yield* customers.findByEmail(request.destination.email)
        : yield* customers.findByPhone(request.destination.phone)
    }
    if (Option.isNone(signedIn)) return yield* new Unauthorized()
    const customer = yield* customers.findById(signedIn.value.customerId)
    return Option.filter(customer, (c) => holds(c, request.destination))
  })

export const requestOtp = (
  ports: AccountPorts,
  request: OtpRequest,
  clientIp: string,
  signedIn: Option.Option<AuthenticatedSession>
) =>
  Effect.gen(function*() {
    const now = yield* currentTime
    const destination = destinationOf(request.destination)
    let limits = destinationSendLimits(destination, clientIp)
    const verifiesContact = request.purpose === "verify_email" || request.purpose === "verify_phone"
    if (verifiesContact) {
      if (Option.isNone(signedIn)) return yield* new Unauthorized()
      const customer = yield* ports.customers.findById(signedIn.value.customerId)
      if (request.purpose === "verify_phone" && Option.isSome(customer)) {
        yield* Effect.fromResult(checkMayVerifyPhone(customer.value))
      }
      // an email the account already proved (e.g. by the reset link just mailed to it) is not
      // held to that destination's send limits: only the client's
      if (Option.exists(customer, (c) => isEmailVerified(c) && c.email === destination)) limits = clientSendLimits(clientIp)
    }
    yield* consumeRateLimits(ports, limits, now)
    const recipient = yield* recipientOf(ports, request, signedIn)
    const settings = ports.settings
    const verifications = ports.verifications
    const notifier = ports.notifier
    const id = VerificationId.make(yield* ports.ids.next("ver"))
    const code = yield* ports.random.otpCode
    const codeHash = yield* hashOtpCode(ports.tokenHasher, id, code)

    return yield* ports.transactions.atomically(Effect.gen(function*() {
      const open = yield* verifications.findOpenByDestination(destination, request.purpose)
      const { issued, voided } = reissueVerification(open, {
        id,
        purpose: request.purpose,
        channel: request.destination.channel,
        destination,
        customerId: Option.match(recipient, { onNone: () => null, onSome: (customer) => customer.id }),
        requestedBy: verifiesContact && Option.isSome(signedIn) ? signedIn.value.sessionId : null,
        codeHash,
        now
      }, settings.lifetimes)
      yield* Effect.forEach(voided, verifications.update, { discard: true })
      yield* verifications.insert(issued)
      if (Option.isSome(recipient)) {
        yield* notifier.send({ channel: issued.channel, to: destination, purpose: issued.purpose, code, createdAt: now })
      }
      return { verificationId: issued.id, expiresAt: issued.expiresAt } satisfies IssuedVerification
    }))
  })
