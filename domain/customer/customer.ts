/**
 * The customer account. A customer may exist without a password (created through a chat channel
 * or a guest checkout); registering with its email later attaches a password ("linking").
 * `registeredAt` is when a password was first attached (registration or linking), `null` for a
 * password-less customer.
 *
 * Verification is kept as the exact contact that was proven (`verifiedEmail`, `verifiedPhone`),
 * so a changed email or phone is unverified until the new value is proven, and a guest order is
 * shown to a customer only through a contact they proved (application/orders).
 */
import { Result, Schema } from "effect"
import { EmailVerificationRequired } from "./errors/email-verification-required.ts"
import { AddressId, CustomerId } from "../shared/ids.ts"
import { NormalisedEmail } from "./email.ts"
import { EmailAlreadyRegistered } from "./errors/email-already-registered.ts"
import { type CanonicalPhone, samePhone } from "./phone.ts"

export const CUSTOMER_NAME_MAX_CODE_POINTS = 200

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
  defaultShippingAddressId: Schema.NullOr(AddressId),
  /** argon2id PHC string of the NFKC-normalised password; `null` = password-less customer. */
  passwordHash: Schema.NullOr(Schema.String),
  /** The email as it was when a `verify_email` code proved it; `null` when never proven. */
  verifiedEmail: Schema.NullOr(NormalisedEmail),
  /** The phone as it was when a `verify_phone` code or an OTP login proved it; `null` when never proven. */
  verifiedPhone: Schema.NullOr(Schema.String),
  /**
   * The name the registrant gave when linking a password to an existing customer; shown instead
   * of the existing profile until the email is proven, then it becomes the name.
   */
  linkedName: Schema.NullOr(CustomerName),
  /**
   * The phone the registrant gave when linking (at registration), held apart like `linkedName`:
   * it becomes the phone when the registrant proves the email, and is discarded when anyone else
   * does (domain/auth/registration-claim.ts).
   */
  linkedPhone: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  registeredAt: Schema.NullOr(Schema.Date)
})
export type Customer = typeof Customer.Type

export const hasPassword = (customer: Customer): boolean => customer.passwordHash !== null

/** The customer's current email is the one they proved. */
export const isEmailVerified = (customer: Customer): boolean =>
  customer.email !== null && customer.verifiedEmail === customer.email

/** The customer's current phone is the one they proved. */
export const isPhoneVerified = (customer: Customer): boolean =>
  customer.phone !== null && customer.verifiedPhone !== null && samePhone(customer.verifiedPhone, customer.phone)

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
  verifiedEmail: null,
  verifiedPhone: null,
  linkedName: null,
  linkedPhone: null,
  createdAt: input.now,
  registeredAt: input.now
})

/**
 * Attach a password to a password-less customer (register over an existing email). The stored
 * profile stays as it was, so registering with someone else's email cannot rewrite it, and every
 * verification is dropped: whoever attached the password has proven nothing yet. What the
 * registrant gave (name, phone) is held apart (`linkedName`, `linkedPhone`) until the email is
 * proven; until then the registrant sees only that (see {@link visibleProfile}).
 */
export const linkPassword = (
  customer: Customer,
  passwordHash: string,
  now: Date,
  registrant: { readonly name: CustomerName; readonly phone: string | null }
): Customer => ({
  ...customer,
  passwordHash,
  verifiedEmail: null,
  verifiedPhone: null,
  linkedName: registrant.name,
  linkedPhone: registrant.phone,
  registeredAt: customer.registeredAt ?? now
})

/** Replace the password (reset-password). Verification flags and `registeredAt` are unchanged. */
export const setPassword = (customer: Customer, passwordHash: string): Customer => ({ ...customer, passwordHash })

/**
 * The email `verifiedEmail` was proven: verified only if it is still the customer's email. What
 * that does to a registration pending on a linked account is decided by the proof
 * (domain/auth/registration-claim.ts), which every proof goes through.
 */
export const markEmailVerified = (customer: Customer, verifiedEmail: NormalisedEmail): Customer =>
  customer.email === null || customer.email !== verifiedEmail ? customer : { ...customer, verifiedEmail }

/**
 * A `verify_phone` OTP (or an OTP login) sent to `verifiedPhone` succeeded: verified only if it is
 * still the customer's phone.
 */
export const markPhoneVerified = (customer: Customer, verifiedPhone: string): Customer =>
  customer.phone !== null && samePhone(customer.phone, verifiedPhone)
    ? { ...customer, verifiedPhone: customer.phone }
    : customer

/**
 * A linked account whose email is not proven yet: it sees nothing that was recorded before the
 * linking (docs/contract/accounts.md), and its orders answer 403 until the email is verified.
 */
export const isUnprovenLink = (customer: Customer): boolean => isLinkedAccount(customer) && !isEmailVerified(customer)

/**
 * The profile as the signed-in customer sees it: an unproven linked account shows only what the
 * registrant gave (their name and the email they registered with), none of the earlier
 * customer's phone, avatar or default address.
 */
export const visibleProfile = (customer: Customer): Customer =>
  isUnprovenLink(customer)
    ? {
      ...customer,
      name: customer.linkedName ?? customer.name,
      phone: customer.linkedPhone,
      avatarUrl: null,
      defaultShippingAddressId: null
    }
    : customer

export interface ProfilePatch {
  readonly name?: CustomerName
  readonly email?: NormalisedEmail | null
  readonly phone?: CanonicalPhone | null
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
 * PATCH /customers/me (docs/contract/orders.md): changing the email or phone marks it unverified (setting
 * the same value again keeps the flag); an email or phone held by another customer fails with
 * EmailAlreadyRegistered.
 *
 * A linked account whose email is not proven yet (docs/contract/accounts.md) can neither change nor add a
 * contact (EmailVerificationRequired): otherwise whoever registered with someone else's address
 * could plant a phone or an email of their own, prove that one, and so be handed the account once
 * its owner proves the email. Sending back what it is shown (its email, the phone it gave) is not
 * a change. Its name change is held apart (`linkedName`) like the name it registered with: nothing
 * the registrant sends overwrites what was recorded before the link.
 */
export const applyProfileUpdate = (
  customer: Customer,
  patch: ProfilePatch,
  owners: ContactOwners
): Result.Result<Customer, EmailAlreadyRegistered | EmailVerificationRequired> => {
  const takenByOther = (ownerId: CustomerId | null) => ownerId !== null && ownerId !== customer.id
  if (isUnprovenLink(customer)) {
    const shown = visibleProfile(customer)
    const changesContact = (patch.email !== undefined && patch.email !== shown.email) ||
      (patch.phone !== undefined && patch.phone !== shown.phone)
    if (changesContact) return Result.fail(new EmailVerificationRequired())
    return Result.succeed(patch.name === undefined ? customer : { ...customer, linkedName: patch.name })
  }
  if (patch.email !== undefined && patch.email !== null && takenByOther(owners.emailOwnerId)) {
    return Result.fail(new EmailAlreadyRegistered())
  }
  if (patch.phone !== undefined && patch.phone !== null && takenByOther(owners.phoneOwnerId)) {
    return Result.fail(new EmailAlreadyRegistered())
  }
  let next: Customer = customer
  if (patch.name !== undefined) next = { ...next, name: patch.name }
  if (patch.email !== undefined && patch.email !== customer.email) next = { ...next, email: patch.email, verifiedEmail: null }
  if (patch.phone !== undefined && patch.phone !== customer.phone) next = { ...next, phone: patch.phone, verifiedPhone: null }
  return Result.succeed(next)
}

/** docs/contract/accounts.md: a linked account whose email is unproven may not prove a phone (403). */
export const checkMayVerifyPhone = (customer: Customer): Result.Result<void, EmailVerificationRequired> =>
  isUnprovenLink(customer) ? Result.fail(new EmailVerificationRequired()) : Result.succeed(undefined)

/**
 * docs/contract/accounts.md: `/customers/me/orders*` answers 403 for a linked account until its email is
 * verified, whatever orders exist.
 */
export const checkOrdersAccess = (customer: Customer): Result.Result<void, EmailVerificationRequired> =>
  isUnprovenLink(customer) ? Result.fail(new EmailVerificationRequired()) : Result.succeed(undefined)
