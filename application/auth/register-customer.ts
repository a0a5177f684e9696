/**
 * POST /auth/register (docs/contract/accounts.md). Registrations count against the client IP (20 per hour).
 * The password is checked and hashed before any lock is taken; then, in one unit of work, the
 * email's holder is locked and the domain decides: a new customer, a password linked to a
 * password-less one (its email stays unverified), or EmailAlreadyRegistered. When two
 * registrations of a new email race, the loser's insert hits the unique email and the decision
 * is taken again, now seeing the winner: 20 concurrent registrations create one customer.
 * A phone that belongs to another customer is refused the same way (409), also when it is given
 * while linking, where it is held apart until the email is proven (domain linkPassword).
 */
import { Effect, Option } from "effect"
import { RATE_LIMIT_RULES } from "../../domain/auth/rate-limit.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import { EmailAlreadyRegistered } from "../../domain/customer/errors/email-already-registered.ts"
import type { CustomerName } from "../../domain/customer/customer.ts"
import { checkNewPassword } from "../../domain/customer/password.ts"
import { registerCustomer as decideAndApply } from "../../domain/customer/registration.ts"
import { currentTime } from "./current-time.ts"
import { consumeRateLimits } from "./rate-limit-guard.ts"
import { startSession } from "./start-session.ts"
import type { AccountPorts } from "./account-ports.ts"
import { CustomerId } from "../../domain/shared/ids.ts"
import type { CanonicalPhone } from "../../domain/customer/phone.ts"
import { CustomerContactTaken } from "../customer/customer-contact-taken.ts"

export interface RegistrationRequest {
  readonly name: CustomerName
  readonly email: NormalisedEmail
  readonly password: string
  readonly phone: CanonicalPhone | null
}

/** A lost insert race is decided again this many times (once is enough: the winner has committed). */
const DECISION_ATTEMPTS = 3

export const registerCustomer = (ports: AccountPorts, request: RegistrationRequest, clientIp: string) =>
  Effect.gen(function*() {
    const password = yield* Effect.fromResult(checkNewPassword(request.password, ports.commonPasswords.isCommon))
    const now = yield* currentTime
    yield* consumeRateLimits(ports, [{ rule: RATE_LIMIT_RULES.registrationsPerIp, scopeValue: clientIp }], now)
    const customers = ports.customers
    // a cheap early answer for an email that already has a password (no hash spent on it)
    const known = yield* customers.findByEmail(request.email)
    if (Option.isSome(known) && known.value.passwordHash !== null) return yield* new EmailAlreadyRegistered()

    const passwordHash = yield* ports.passwordHasher.hash(password)
    const newCustomerId = CustomerId.make(yield* ports.ids.next("cus"))
    const transactions = ports.transactions

    const decideAndStore = transactions.atomically(Effect.gen(function*() {
      const existing = yield* customers.findByEmailForUpdate(request.email)
      const outcome = yield* Effect.fromResult(decideAndApply(Option.getOrUndefined(existing), {
        newCustomerId,
        name: request.name,
        email: request.email,
        phone: request.phone,
        passwordHash,
        now
      }))
      // a phone given when linking is held apart, but may not be one another customer holds
      if (!outcome.created && request.phone !== null) {
        const holder = yield* customers.findByPhone(request.phone)
        if (Option.isSome(holder) && holder.value.id !== outcome.customer.id) {
          return yield* new CustomerContactTaken({ field: "phone" })
        }
      }
      yield* outcome.created ? customers.insert(outcome.customer) : customers.update(outcome.customer)
      yield* ports.events.publish({ type: "customer.registered", customer: outcome.customer })
      return yield* startSession(ports, outcome.customer.id, now, "registration")
    }))

    for (let attempt = 1; ; attempt++) {
      const result = yield* Effect.result(decideAndStore)
      if (result._tag === "Success") return result.success
      const error = result.failure
      if (error._tag !== "CustomerContactTaken") return yield* Effect.fail(error)
      if (error.field === "phone" || attempt >= DECISION_ATTEMPTS) return yield* new EmailAlreadyRegistered()
    }
  })
