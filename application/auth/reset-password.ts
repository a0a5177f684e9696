/**
 * POST /auth/reset-password (docs/contract/accounts.md), with an emailed token or a `reset_password` code.
 * The new password is checked and hashed first (a weak one consumes nothing). Then, in one unit
 * of work: the credential is redeemed (a token is single use; a code as in /otp/verify), the
 * password is set, every session of the customer is revoked, their pending reset tokens and live
 * codes are voided (domain applyPasswordReset, done by the repositories per customer), and a
 * fresh session is started. A code marks its destination verified. A token proves the address it
 * was mailed to, if that is still the customer's email (docs/contract/accounts.md): for a linked account whose
 * email was unproven, everything given or added since the link (the registrant's name and phone,
 * phone proofs, saved addresses) is discarded, since whoever holds the email may not be whoever
 * registered with it.
 */
import { Effect, Option } from "effect"
import { InvalidResetCredential } from "../../domain/auth/errors/invalid-reset-credential.ts"
import { redeemResetToken } from "../../domain/auth/reset-token.ts"
import type { Verification } from "../../domain/auth/verification.ts"
import { visibleAddresses } from "../../domain/address-book/saved-address.ts"
import type { Customer } from "../../domain/customer/customer.ts"
import { isUnprovenLink, markEmailProvenByReset, setPassword } from "../../domain/customer/customer.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import { checkNewPassword } from "../../domain/customer/password.ts"
import { checkOtpCode, done, type PresentedCode, settleCodeCheck } from "./consume-otp.ts"
import { currentTime } from "./current-time.ts"
import { startSession } from "./start-session.ts"
import { markContactVerified } from "./verified-contact.ts"
import type { AccountPorts } from "./account-ports.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"

const hashNewPassword = (ports: AccountPorts, newPassword: string) =>
  Effect.gen(function*() {
    const password = yield* Effect.fromResult(checkNewPassword(newPassword, ports.commonPasswords.isCommon))
    return yield* ports.passwordHasher.hash(password)
  })

/** What redeeming the credential proved: a code's destination, or the address a token was mailed to. */
type ResetProof =
  | { readonly _tag: "Code"; readonly verification: Verification }
  | { readonly _tag: "MailedLink"; readonly mailedTo: NormalisedEmail | null }

/**
 * Removes what an unproven linked account saved in its address book: exactly the addresses it
 * sees (domain visibleAddresses: those saved since the link). Their ids.
 */
const discardAddressesSinceLink = (ports: AccountPorts, unproven: Customer) =>
  Effect.gen(function*() {
    const added = visibleAddresses(unproven, yield* ports.addressBook.list(unproven.id))
    yield* Effect.forEach(added, (saved) => ports.addressBook.remove(unproven.id, saved.id), { discard: true })
    return new Set<string>(added.map((saved) => saved.id))
  })

/** Inside the unit of work, once the credential is redeemed: the reset itself and a new session. */
const completeReset = (
  ports: AccountPorts,
  customerId: CustomerId,
  passwordHash: string,
  now: Date,
  proof: ResetProof
) =>
  Effect.gen(function*() {
    const customers = ports.customers
    const customer = yield* customers.findByIdForUpdate(customerId)
    if (Option.isNone(customer)) return yield* new InvalidResetCredential()
    const withPassword = setPassword(customer.value, passwordHash)
    let updated = withPassword
    if (proof._tag === "Code") updated = markContactVerified(withPassword, proof.verification)
    else if (proof.mailedTo !== null) updated = markEmailProvenByReset(withPassword, proof.mailedTo)
    if (isUnprovenLink(customer.value) && !isUnprovenLink(updated)) {
      const discarded = yield* discardAddressesSinceLink(ports, customer.value)
      const defaultId = updated.defaultShippingAddressId
      if (defaultId !== null && discarded.has(defaultId)) updated = { ...updated, defaultShippingAddressId: null }
    }
    // only the password, verification flags and held-apart fields change, so no email or phone can collide
    yield* customers.update(updated).pipe(Effect.catchTag("CustomerContactTaken", Effect.die))
    yield* ports.sessions.revokeAllOfCustomer(customerId, now)
    yield* ports.resetTokens.voidAllOfCustomer(customerId, now)
    yield* ports.verifications.voidAllOfCustomer(customerId, now)
    return yield* startSession(ports, customerId, now)
  })

export const resetPasswordWithToken = (ports: AccountPorts, request: { readonly newPassword: string; readonly token: string }) =>
  Effect.gen(function*() {
    const passwordHash = yield* hashNewPassword(ports, request.newPassword)
    const tokenHash = yield* ports.tokenHasher.hash(request.token)
    const resetTokens = ports.resetTokens
    const now = yield* currentTime
    return yield* ports.transactions.atomically(Effect.gen(function*() {
      const stored = yield* resetTokens.findByTokenHashForUpdate(tokenHash)
      const redeemed = yield* Effect.fromResult(redeemResetToken(Option.getOrUndefined(stored), now))
      yield* resetTokens.update(redeemed)
      return yield* completeReset(ports, redeemed.customerId, passwordHash, now, { _tag: "MailedLink", mailedTo: redeemed.mailedTo })
    }))
  })

export const resetPasswordWithCode = (ports: AccountPorts, request: PresentedCode & { readonly newPassword: string }) =>
  Effect.gen(function*() {
    const passwordHash = yield* hashNewPassword(ports, request.newPassword)
    const now = yield* currentTime
    const outcome = yield* ports.transactions.atomically(Effect.gen(function*() {
      const check = yield* checkOtpCode(ports, request, ["reset_password"])
      if (check._tag === "WrongCode") return check
      const { verification } = check
      if (verification.customerId === null) return yield* new InvalidResetCredential()
      return done(yield* completeReset(ports, verification.customerId, passwordHash, now, { _tag: "Code", verification }))
    }))
    return yield* settleCodeCheck(outcome)
  })
