/**
 * POST /auth/otp/verify (docs/contract/accounts.md). A `login` code signs the customer in (AuthResult); a
 * `verify_email` / `verify_phone` code marks that email / phone verified ({verified: true}) and
 * must be presented with the bearer token of the customer it was sent to. Any code that reached
 * its destination also marks that destination verified, through the one decision on a proof
 * (contact-proof.ts): a login code mailed to a linked account's unproven email undoes the
 * registration pending on it, and so does a `verify_email` code unless both the session that
 * requested it and the one presenting it were opened by that registration. `reset_password`
 * codes are only taken by /auth/reset-password; here they are VerificationNotFound, and nothing
 * changes. A linked account whose email is unproven may not prove a phone
 * (EmailVerificationRequired, docs/contract/accounts.md).
 */
import { Effect, Option } from "effect"
import { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"
import { VerificationNotFound } from "../../domain/auth/errors/verification-not-found.ts"
import type { Verification } from "../../domain/auth/verification.ts"
import { checkMayVerifyPhone, type Customer } from "../../domain/customer/customer.ts"
import type { AuthResult } from "./auth-result.ts"
import { checkOtpCode, done, type PresentedCode, settleCodeCheck } from "./consume-otp.ts"
import { currentTime } from "./current-time.ts"
import { startSession } from "./start-session.ts"
import { applyContactProof, codeProof, holdsContact, sessionOrigin } from "./contact-proof.ts"
import type { AccountPorts } from "./account-ports.ts"
import type { AuthenticatedSession } from "./authenticate-access-token.ts"

export type OtpVerified =
  | { readonly _tag: "SignedIn"; readonly authResult: AuthResult }
  | { readonly _tag: "ContactVerified" }

const isContactVerification = (verification: Verification) =>
  verification.purpose === "verify_email" || verification.purpose === "verify_phone"

/**
 * Stores the customer with the proof. Only verification flags change, except when a `verify_email`
 * code proves a linked account's email and the phone its registrant gave becomes the account's:
 * if another customer has taken that phone since, the given phone is dropped (409 would undo the
 * proof) and the account keeps the phone recorded before the link.
 */
const storeProof = (ports: AccountPorts, before: Customer, proven: Customer) =>
  proven === before
    ? Effect.void
    : ports.customers.update(proven).pipe(
      Effect.catchTag("CustomerContactTaken", () =>
        ports.customers.update({ ...proven, phone: before.phone, verifiedPhone: null }).pipe(
          Effect.catchTag("CustomerContactTaken", Effect.die)
        ))
    )

export const verifyOtpCode = (ports: AccountPorts, presented: PresentedCode, signedInSession: Option.Option<AuthenticatedSession>) =>
  Effect.gen(function*() {
    const signedIn = Option.map(signedInSession, (session) => session.customerId)
    const customers = ports.customers
    const verifications = ports.verifications
    const now = yield* currentTime
    const outcome = yield* ports.transactions.atomically(Effect.gen(function*() {
      const found = yield* verifications.findByIdForUpdate(presented.verificationId)
      if (Option.isSome(found) && isContactVerification(found.value) && Option.isNone(signedIn)) {
        return yield* new Unauthorized()
      }
      const check = yield* checkOtpCode(ports, 
        presented,
        ["login", "verify_email", "verify_phone"],
        // a contact code is only ever good for the customer it was sent to
        (verification) =>
          !isContactVerification(verification) ||
          (verification.customerId !== null && Option.contains(signedIn, verification.customerId))
      )
      if (check._tag === "WrongCode") return check
      const { verification } = check
      const customer = verification.customerId === null
        ? Option.none()
        : yield* customers.findByIdForUpdate(verification.customerId)
      if (Option.isNone(customer)) return yield* new VerificationNotFound()
      // a contact code for an email / phone the customer has since changed verifies nothing
      if (isContactVerification(verification) && !holdsContact(customer.value, verification)) {
        return yield* new VerificationNotFound()
      }
      if (verification.purpose === "verify_phone") yield* Effect.fromResult(checkMayVerifyPhone(customer.value))
      const proof = codeProof(verification, {
        requestedWith: yield* sessionOrigin(ports, customer.value, verification.requestedBy),
        presentedWith: yield* sessionOrigin(ports, customer.value, Option.match(signedInSession, {
          onNone: () => null,
          onSome: (session) => session.sessionId
        }))
      })
      yield* storeProof(ports, customer.value, yield* applyContactProof(ports, customer.value, proof, now))
      if (verification.purpose !== "login") return done<OtpVerified>({ _tag: "ContactVerified" })
      return done<OtpVerified>({ _tag: "SignedIn", authResult: yield* startSession(ports, customer.value.id, now, "code") })
    }))
    return yield* settleCodeCheck(outcome)
  })
