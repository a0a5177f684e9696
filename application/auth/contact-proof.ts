/**
 * A code or link that reached its destination proves the customer holds it. Every path that
 * proves a contact (OTP login by email or SMS, `verify_*` codes, reset by link or by code) asks
 * the one domain decision (domain/auth/registration-claim.ts proveContact) and carries out here
 * what an undone registration claim leaves to the stores: the sessions the claim opened are
 * revoked and the addresses it saved are removed (with a default naming one of them).
 */
import { Effect, Option } from "effect"
import { visibleAddresses } from "../../domain/address-book/saved-address.ts"
import { CLAIM_SESSION_ORIGINS, type ContactProof, proveContact } from "../../domain/auth/registration-claim.ts"
import type { SessionOrigin } from "../../domain/auth/session.ts"
import type { Verification } from "../../domain/auth/verification.ts"
import type { Customer } from "../../domain/customer/customer.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import type { SessionId } from "../../domain/shared/ids.ts"
import type { AccountPorts } from "./account-ports.ts"

/** The email or phone the code was sent to is still the customer's. */
export const holdsContact = (customer: Customer, verification: Verification): boolean =>
  verification.channel === "sms" ? customer.phone === verification.destination : customer.email === verification.destination

/** How a session of this customer was opened; `null` for no session, or one of someone else. */
export const sessionOrigin = (ports: AccountPorts, customer: Customer, sessionId: SessionId | null) =>
  sessionId === null
    ? Effect.succeed<SessionOrigin | null>(null)
    : Effect.map(ports.sessions.findById(sessionId), (session) =>
      Option.match(Option.filter(session, (s) => s.customerId === customer.id), {
        onNone: () => null,
        onSome: (s): SessionOrigin | null => s.openedBy
      }))

/** What a consumed code proves; for a `verify_email` code, with the sessions that requested and presented it. */
export const codeProof = (
  verification: Verification,
  sessions: { readonly requestedWith: SessionOrigin | null; readonly presentedWith: SessionOrigin | null }
): ContactProof => {
  const kind = verification.purpose === "login" ? "login_code" : verification.purpose === "reset_password" ? "reset_code" : "verify_code"
  const email = verification.channel === "email" ? parseEmail(verification.destination) : undefined
  if (kind === "verify_code" && email !== undefined) return { kind, channel: "email", destination: email, ...sessions }
  return { kind, channel: verification.channel, destination: verification.destination }
}

/**
 * The customer after the proof, to be stored by the caller (inside its unit of work, the row
 * locked). An undone claim's sessions are revoked and its saved addresses removed here.
 */
export const applyContactProof = (ports: AccountPorts, before: Customer, proof: ContactProof, now: Date) =>
  Effect.gen(function*() {
    const outcome = proveContact(before, proof)
    if (outcome.claim !== "undone") return outcome.customer
    yield* ports.sessions.revokeAllOfCustomer(before.id, now, CLAIM_SESSION_ORIGINS)
    // the addresses the claim saved are exactly those it saw (saved since the link)
    const added = visibleAddresses(before, yield* ports.addressBook.list(before.id))
    yield* Effect.forEach(added, (saved) => ports.addressBook.remove(before.id, saved.id), { discard: true })
    const defaultId = outcome.customer.defaultShippingAddressId
    return defaultId !== null && added.some((saved) => saved.id === defaultId)
      ? { ...outcome.customer, defaultShippingAddressId: null }
      : outcome.customer
  })
