/**
 * The customer account. A customer may exist without a password (created through a chat channel
 * or a guest checkout); registering with its email later attaches a password ("linking").
 * `registeredAt` is when a password was first attached (registration or linking), `null` for a
 * password-less customer; it is what "prior orders" (CONTRACT §3) are measured against.
 */
import { Result, Schema } from "effect"
import { EmailVerificationRequired } from "./errors/email-verification-required.ts"
import { NormalisedEmail } from "./email.ts"
import { EmailAlreadyRegistered } from "./errors/email-already-registered.ts"

export const CUSTOMER_NAME_MAX_CODE_POINTS = 200

export const CustomerId = Schema.NonEmptyString
export type CustomerId = typeof CustomerId.Type

/** 1..200 Unicode code points (the interface's "1 to 200 characters"); stored as given. */
export const CustomerName = Schema.String.check(
  Schema.isBetweenCodePoints(1, CUSTOMER_NAME_MAX_CODE_POINTS)
)
export type CustomerName = typeof CustomerName.Type

export const Customer = Schema.Struct({
  id: CustomerId,
  name: CustomerName,
  email: Schema.NullOr(NormalisedEmail),
  phone: Schema.NullOr(Schema.String),
  avatarUrl: Schema.NullOr(Schema.String),
  defaultShippingAddressId: Schema.NullOr(Schema.String),
  /** argon2id PHC string of the NFKC-normalised password; `null` = password-less customer. */
  passwordHash: Schema.NullOr(Schema.String),
  emailVerified: Schema.Boolean,
  phoneVerified: Schema.Boolean,
  createdAt: Schema.Date,
  registeredAt: Schema.NullOr(Schema.Date)
})
export type Customer = typeof Customer.Type

export const hasPassword = (customer: Customer): boolean => customer.passwordHash !== null

export interface NewCustomerInput {
  readonly id: CustomerId
  readonly name: CustomerName
  readonly email: NormalisedEmail
  readonly phone: string | null
  readonly passwordHash: string
  readonly now: Date
}

/** A brand-new registered customer: email and phone unverified, no avatar or default address. */
export const newRegisteredCustomer = (input: NewCustomerInput): Customer => ({
  id: input.id,
  name: input.name,
  email: input.email,
  phone: input.phone,
  avatarUrl: null,
  defaultShippingAddressId: null,
  passwordHash: input.passwordHash,
  emailVerified: false,
  phoneVerified: false,
  createdAt: input.now,
  registeredAt: input.now
})

/**
 * Attach a password to a password-less customer (register over an existing email). Only the
 * password changes: name and phone stay as they were, so registering with someone else's email
 * cannot rewrite their profile. `emailVerified` is set to false: whoever attached the password
 * has not proven they own the address, whatever the flag said before.
 */
export const linkPassword = (customer: Customer, passwordHash: string, now: Date): Customer => ({
  ...customer,
  passwordHash,
  emailVerified: false,
  registeredAt: customer.registeredAt ?? now
})

/** Replace the password (reset-password). Verification flags and `registeredAt` are unchanged. */
export const setPassword = (customer: Customer, passwordHash: string): Customer => ({ ...customer, passwordHash })

/** A `verify_email` OTP sent to `verifiedEmail` succeeded: verified only if it is still the customer's email. */
export const markEmailVerified = (customer: Customer, verifiedEmail: NormalisedEmail): Customer =>
  customer.email !== null && customer.email === verifiedEmail ? { ...customer, emailVerified: true } : customer

/** A `verify_phone` OTP sent to `verifiedPhone` succeeded: verified only if it is still the customer's phone. */
export const markPhoneVerified = (customer: Customer, verifiedPhone: string): Customer =>
  customer.phone !== null && customer.phone === verifiedPhone ? { ...customer, phoneVerified: true } : customer

export interface ProfilePatch {
  readonly name?: CustomerName
  readonly email?: NormalisedEmail | null
  readonly phone?: string | null
}

/** Who currently holds the requested email / phone (`null` = nobody); looked up by the caller. */
export interface ContactOwners {
  readonly emailOwnerId: CustomerId | null
  readonly phoneOwnerId: CustomerId | null
}

/**
 * A password was attached to a customer that existed before (a chat or guest-checkout customer
 * linked by registering with its email), as opposed to a customer created by registering.
 */
export const isLinkedAccount = (customer: Customer): boolean =>
  customer.registeredAt !== null && customer.createdAt.getTime() < customer.registeredAt.getTime()

/**
 * PATCH /customers/me (CONTRACT §7): changing the email or phone marks it unverified (setting
 * the same value again keeps the flag); an email or phone held by another customer fails with
 * EmailAlreadyRegistered.
 *
 * A linked account whose email is not verified yet cannot change its email
 * (EmailVerificationRequired): otherwise whoever registered with someone else's address could
 * swap in an address of their own, verify that one, and so unlock the orders placed before the
 * registration (see {@link checkOrdersAccess}).
 */
export const applyProfileUpdate = (
  customer: Customer,
  patch: ProfilePatch,
  owners: ContactOwners
): Result.Result<Customer, EmailAlreadyRegistered | EmailVerificationRequired> => {
  const takenByOther = (ownerId: CustomerId | null) => ownerId !== null && ownerId !== customer.id
  const changesEmail = patch.email !== undefined && patch.email !== customer.email
  if (changesEmail && isLinkedAccount(customer) && !customer.emailVerified) {
    return Result.fail(new EmailVerificationRequired())
  }
  if (patch.email !== undefined && patch.email !== null && takenByOther(owners.emailOwnerId)) {
    return Result.fail(new EmailAlreadyRegistered())
  }
  if (patch.phone !== undefined && patch.phone !== null && takenByOther(owners.phoneOwnerId)) {
    return Result.fail(new EmailAlreadyRegistered())
  }
  let next: Customer = customer
  if (patch.name !== undefined) next = { ...next, name: patch.name }
  if (patch.email !== undefined && patch.email !== customer.email) next = { ...next, email: patch.email, emailVerified: false }
  if (patch.phone !== undefined && patch.phone !== customer.phone) next = { ...next, phone: patch.phone, phoneVerified: false }
  return Result.succeed(next)
}

/**
 * CONTRACT §3: until the email is verified, `/customers/me/orders*` answers 403 for a customer
 * that had orders before it got its password (a linked chat/guest customer). A customer with no
 * such prior orders (e.g. brand new) is not blocked, even while unverified.
 * `hasOrdersBeforeRegistration`: does an order of this customer exist with `createdAt < registeredAt`?
 */
export const checkOrdersAccess = (
  customer: Customer,
  hasOrdersBeforeRegistration: boolean
): Result.Result<void, EmailVerificationRequired> =>
  !customer.emailVerified && hasOrdersBeforeRegistration
    ? Result.fail(new EmailVerificationRequired())
    : Result.succeed(undefined)
