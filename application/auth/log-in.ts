/**
 * POST /auth/login (docs/contract/accounts.md). The attempt is counted as a failure up front, against the
 * email (10 per 15 min) and the client IP (100 per 15 min), so a burst of parallel guesses
 * cannot outrun the counters; a successful login takes its count back. An attempt that finds the
 * counters full is refused at once, unless attempts counted on them are still in flight here: it
 * waits for those to settle, so only failures end up counted (20 parallel logins with the right
 * password all succeed) and a refusal after real failures costs no wait (withCountedAttempt). An unknown email, a
 * password-less customer and a wrong password all verify one argon2id hash (a dummy one when
 * there is no stored hash) and answer the same InvalidCredentials.
 */
import { Effect, Option } from "effect"
import { InvalidCredentials } from "../../domain/auth/errors/invalid-credentials.ts"
import { RATE_LIMIT_RULES } from "../../domain/auth/rate-limit.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import { normalisePassword } from "../../domain/customer/password.ts"
import { currentTime } from "./current-time.ts"
import { withCountedAttempt } from "./rate-limit-guard.ts"
import { startSession } from "./start-session.ts"
import type { AccountPorts } from "./account-ports.ts"

export interface LoginRequest {
  readonly email: NormalisedEmail
  readonly password: string
}

export const logIn = (ports: AccountPorts, request: LoginRequest, clientIp: string) =>
  withCountedAttempt(ports, [
    { rule: RATE_LIMIT_RULES.loginFailuresPerEmail, scopeValue: request.email },
    { rule: RATE_LIMIT_RULES.loginFailuresPerIp, scopeValue: clientIp }
  ], (failureEvents) =>
    Effect.gen(function*() {
      const now = yield* currentTime
      const customer = yield* ports.customers.findByEmail(request.email)
      const storedHash = Option.match(customer, { onNone: () => null, onSome: (c) => c.passwordHash })
      const matches = yield* ports.passwordHasher.verify(storedHash, normalisePassword(request.password))
      if (!matches || Option.isNone(customer)) return yield* new InvalidCredentials()
      yield* ports.rateLimiter.release(failureEvents)
      // the password may have been removed or replaced while it was being checked (a pending
      // registration undone by the owner's proof of the email): the session is opened only with
      // the customer's row locked and still holding the hash that matched
      return yield* ports.transactions.atomically(Effect.gen(function*() {
        const current = yield* ports.customers.findByIdForUpdate(customer.value.id)
        if (!Option.exists(current, (c) => c.passwordHash === storedHash)) return yield* new InvalidCredentials()
        return yield* startSession(ports, customer.value.id, now, "password")
      }))
    }))
