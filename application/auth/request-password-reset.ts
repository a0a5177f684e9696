/**
 * POST /auth/forgot-password (docs/contract/accounts.md): when the email belongs to a customer, email a
 * single-use reset link (RESET_URL_BASE?token=…; the token is stored only as a hash, valid
 * RESET_TOKEN_TTL_SECONDS). The answer is the same whether or not the email is known; the
 * request counts against the OTP-send limits of the email and the client IP either way (a reset
 * email is a message sent to a destination), so the limits reveal nothing either.
 *
 * Timing must not tell either: after the limits (the same work for every email) the request is
 * answered, and looking the email up, issuing the token and queueing the email happen in a
 * fiber of their own (a failure there is logged; the customer can ask again).
 */
import { Effect, Option } from "effect"
import { resetLink } from "../../domain/auth/notification.ts"
import { RATE_LIMIT_RULES } from "../../domain/auth/rate-limit.ts"
import { issueResetToken } from "../../domain/auth/reset-token.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import { currentTime } from "./current-time.ts"
import { consumeRateLimits } from "./rate-limit-guard.ts"
import type { AccountPorts } from "./account-ports.ts"
import { ResetTokenId } from "../../domain/shared/ids.ts"

/** The client's own send limit (30 per hour per IP). */
export const clientSendLimits = (clientIp: string) => [{ rule: RATE_LIMIT_RULES.otpSendsPerIp, scopeValue: clientIp }]

/** A destination's send limits (1 per 60 s, 5 per hour) and the client's. */
export const destinationSendLimits = (destination: string, clientIp: string) => [
  { rule: RATE_LIMIT_RULES.otpSendsPerDestinationMinute, scopeValue: destination },
  { rule: RATE_LIMIT_RULES.otpSendsPerDestinationHour, scopeValue: destination },
  ...clientSendLimits(clientIp)
]

export const requestPasswordReset = (ports: AccountPorts, email: NormalisedEmail, clientIp: string) =>
  Effect.gen(function*() {
    const now = yield* currentTime
    yield* consumeRateLimits(ports, destinationSendLimits(email, clientIp), now)
    yield* sendPasswordReset(ports, email, now).pipe(
      Effect.catchCause((cause) => Effect.logWarning("password reset not sent", cause)),
      Effect.forkDetach
    )
  })

const sendPasswordReset = (ports: AccountPorts, email: NormalisedEmail, now: Date) =>
  Effect.gen(function*() {
    const customer = yield* ports.customers.findByEmail(email)
    if (Option.isNone(customer)) return
    const settings = ports.settings
    const token = yield* ports.random.token
    const resetToken = issueResetToken({
      id: ResetTokenId.make(yield* ports.ids.next("rst")),
      customerId: customer.value.id,
      tokenHash: yield* ports.tokenHasher.hash(token),
      mailedTo: email,
      now
    }, settings.lifetimes)
    const resetTokens = ports.resetTokens
    const notifier = ports.notifier
    yield* ports.transactions.atomically(Effect.gen(function*() {
      yield* resetTokens.insert(resetToken)
      yield* notifier.send({
        channel: "email",
        to: email,
        purpose: "reset_password",
        link: resetLink(settings.resetUrlBase, token),
        token,
        createdAt: now
      })
    }))
  })
