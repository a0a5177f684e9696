/**
 * POST /auth/register over an email (docs/contract/accounts.md): the caller looks up the customer holding the
 * normalised email (under a lock or a unique constraint, so 20 concurrent registrations create one
 * customer) and asks {@link decideRegistration} what to do.
 */
import { Result } from "effect"
import type { CustomerId } from "../shared/ids.ts"
import { type Customer, type CustomerName, hasPassword, linkPassword, newRegisteredCustomer } from "./customer.ts"
import type { NormalisedEmail } from "./email.ts"
import { EmailAlreadyRegistered } from "./errors/email-already-registered.ts"

export type RegistrationDecision =
  /** Nobody holds the email: insert a new customer. */
  | { readonly _tag: "CreateCustomer" }
  /** A password-less customer holds it: attach the password to it (emailVerified stays false). */
  | { readonly _tag: "LinkPassword"; readonly customer: Customer }

/** none → create; password-less → link; has a password → EmailAlreadyRegistered (409). */
export const decideRegistration = (
  existing: Customer | undefined
): Result.Result<RegistrationDecision, EmailAlreadyRegistered> => {
  if (existing === undefined) return Result.succeed({ _tag: "CreateCustomer" })
  if (hasPassword(existing)) return Result.fail(new EmailAlreadyRegistered())
  return Result.succeed({ _tag: "LinkPassword", customer: existing })
}

export interface RegistrationInput {
  /** Used only when a new customer is created. */
  readonly newCustomerId: CustomerId
  readonly name: CustomerName
  readonly email: NormalisedEmail
  readonly phone: string | null
  readonly passwordHash: string
  readonly now: Date
}

export interface RegistrationOutcome {
  readonly customer: Customer
  /** true: INSERT the customer; false: UPDATE the linked one. */
  readonly created: boolean
}

/** Carry out a decision: the customer row to insert or update. */
export const applyRegistration = (decision: RegistrationDecision, input: RegistrationInput): RegistrationOutcome =>
  decision._tag === "CreateCustomer"
    ? {
      customer: newRegisteredCustomer({
        id: input.newCustomerId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash: input.passwordHash,
        now: input.now
      }),
      created: true
    }
    : { customer: linkPassword(decision.customer, input.passwordHash, input.now, { name: input.name, phone: input.phone }), created: false }

/** {@link decideRegistration} then {@link applyRegistration}. */
export const registerCustomer = (
  existing: Customer | undefined,
  input: RegistrationInput
): Result.Result<RegistrationOutcome, EmailAlreadyRegistered> =>
  Result.map(decideRegistration(existing), (decision) => applyRegistration(decision, input))
