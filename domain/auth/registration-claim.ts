/**
 * A registration over an existing customer (docs/contract/accounts.md "Register over an existing customer") is
 * a claim on that account until the email is proven: the registrant's password, the name and
 * phone they gave (held apart from the record: `linkedName`, `linkedPhone`) and the sessions the
 * claim opened. While the claim is pending the only password on the account is the registrant's,
 * so the claim's sessions are the registration's and those opened by a password login since
 * ({@link isClaimSession}); a session opened by a code or a reset is someone else's proof.
 *
 * Every way of proving a contact goes through {@link proveContact}, one decision:
 * - a `verify_email` code requested, and presented, with the claim's own sessions proves that the
 *   registrant holds the mailbox: the claim is adopted (what they gave becomes the account's);
 * - any other proof of the email (a login code mailed to it, the reset link, a reset code mailed to
 *   it, a `verify_email` code from a session the claim did not open) proves the mailbox's owner,
 *   who may not be the registrant: the email is marked verified and the claim is undone (its
 *   password removed, the sessions it opened revoked, what it gave or added discarded with their
 *   verifications), leaving the record as it was before the registration;
 * - a reset by a code sent to the phone replaces the registrant's password, so it undoes the claim
 *   too (the email stays unproven); any other proof of a phone leaves the claim as it is.
 */
import { type Customer, type CustomerName, isUnprovenLink, markPhoneVerified } from "../customer/customer.ts"
import type { NormalisedEmail } from "../customer/email.ts"
import type { SessionOrigin } from "./session.ts"

/** What the registrant gave, held apart from the record until the claim is decided. */
export interface RegistrationClaim {
  readonly name: CustomerName
  readonly phone: string | null
}

/** The claim pending on the account: a password linked to an existing customer, its email unproven. */
export const pendingClaim = (customer: Customer): RegistrationClaim | undefined =>
  isUnprovenLink(customer) && customer.passwordHash !== null && customer.linkedName !== null
    ? { name: customer.linkedName, phone: customer.linkedPhone }
    : undefined

/** The origins of the sessions a pending claim opened (its registration, its password's logins). */
export const CLAIM_SESSION_ORIGINS: ReadonlyArray<SessionOrigin> = ["registration", "password"]

export const isClaimSession = (origin: SessionOrigin | null): boolean =>
  origin !== null && CLAIM_SESSION_ORIGINS.includes(origin)

/** How a contact was proven: the kind of code or link, and where it went. */
export type ContactProof =
  | {
    readonly kind: "verify_code"
    readonly channel: "email"
    readonly destination: NormalisedEmail
    /** The origin of the customer's session that requested the code; `null` when none of theirs did. */
    readonly requestedWith: SessionOrigin | null
    /** The origin of the customer's session that presented the code. */
    readonly presentedWith: SessionOrigin | null
  }
  | {
    readonly kind: "verify_code" | "login_code" | "reset_code" | "reset_link"
    readonly channel: "email" | "sms"
    readonly destination: string
  }

export type ProofOutcome = {
  /** The account after the proof (for a reset, before the new password is set). */
  readonly customer: Customer
  /**
   * `adopted`: what the registrant gave is the account's. `undone`: the caller revokes the
   * sessions the claim opened ({@link CLAIM_SESSION_ORIGINS}) and discards what it added (its
   * saved addresses). `none`: no claim was pending, or it stays pending.
   */
  readonly claim: "none" | "adopted" | "undone"
}

/**
 * The email proven by someone who may not be the registrant: verified, and the account is the
 * record as it was before the registration (no password, nothing the registrant gave, a default
 * address only if it was not one the claim saved: the caller clears it).
 */
const undoClaim = (customer: Customer): Customer => ({
  ...customer,
  passwordHash: null,
  linkedName: null,
  linkedPhone: null,
  registeredAt: null
})

/** The registrant proved the mailbox: their name and phone replace the recorded ones. */
const adoptClaim = (customer: Customer, claim: RegistrationClaim, email: NormalisedEmail): Customer => {
  const phone = claim.phone ?? customer.phone
  return {
    ...customer,
    verifiedEmail: email,
    name: claim.name,
    phone,
    verifiedPhone: phone === customer.phone ? customer.verifiedPhone : null,
    linkedName: null,
    linkedPhone: null
  }
}

const adoptsClaim = (proof: ContactProof): boolean =>
  proof.kind === "verify_code" && "requestedWith" in proof &&
  isClaimSession(proof.requestedWith) && isClaimSession(proof.presentedWith)

/** The one decision on a proven contact (see the module's comment). */
export const proveContact = (customer: Customer, proof: ContactProof): ProofOutcome => {
  const claim = pendingClaim(customer)
  const replacesPassword = proof.kind === "reset_code" || proof.kind === "reset_link"
  if (proof.channel === "sms") {
    const proven = markPhoneVerified(customer, proof.destination)
    return claim !== undefined && replacesPassword
      ? { customer: undoClaim(proven), claim: "undone" }
      : { customer: proven, claim: "none" }
  }
  const holdsEmail = customer.email !== null && customer.email === proof.destination
  if (!holdsEmail) {
    return claim !== undefined && replacesPassword ? { customer: undoClaim(customer), claim: "undone" } : { customer, claim: "none" }
  }
  const email = customer.email!
  if (claim === undefined) return { customer: { ...customer, verifiedEmail: email }, claim: "none" }
  if (adoptsClaim(proof)) return { customer: adoptClaim(customer, claim, email), claim: "adopted" }
  return { customer: undoClaim({ ...customer, verifiedEmail: email }), claim: "undone" }
}
