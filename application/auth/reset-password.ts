/**
 * POST /auth/reset-password (docs/contract/accounts.md), with an emailed token or a `reset_password` code.
 * The new password is checked and hashed first (a weak one consumes nothing). Then, in one unit
 * of work: the credential is redeemed (a token is single use; a code as in /otp/verify), the
 * password is set, every session of the customer is revoked, their pending reset tokens and live
 * codes are voided (domain applyPasswordReset, done by the repositories per customer), and a
 * fresh session is started. The credential proves where it went (a code its destination, a token
 * the address it was mailed to), through the one decision on a proof (contact-proof.ts): a
 * registration pending on a linked account is undone (its password replaced, what it gave or
 * added discarded), since whoever resets may not be whoever registered; a proven email is
 * marked verified.
 */
import { Effect, Option } from "effect"
import { InvalidResetCredential } from "../../domain/auth/errors/invalid-reset-credential.ts"
import { redeemResetToken } from "../../domain/auth/reset-token.ts"
import type { ContactProof } from "../../domain/auth/registration-claim.ts"
import { setPassword } from "../../domain/customer/customer.ts"
import { checkNewPassword } from "../../domain/customer/password.ts"
import { checkOtpCode, done, type PresentedCode, settleCodeCheck } from "./consume-otp.ts"
import { currentTime } from "./current-time.ts"
import { startSession } from "./start-session.ts"
import { applyContactProof, codeProof } from "./contact-proof.ts"
import type { AccountPorts } from "./account-ports.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"

const hashNewPassword = (ports: AccountPorts, newPassword: string) =>
  Effect.gen(function*() {
    const password = yield* Effect.fromResult(checkNewPassword(newPassword, ports.commonPasswords.isCommon))
    return yield* ports.passwordHasher.hash(password)
  })

/** Inside the unit of work, once the credential is redeemed: the reset itself and a new session. */
const completeReset = (
  ports: AccountPorts,
  customerId: CustomerId,
  passwordHash: string,
  now: Date,
  proof: ContactProof
) =>
  Effect.gen(function*() {
    const customers = ports.customers
    const customer = yield* customers.findByIdForUpdate(customerId)
    if (Option.isNone(customer)) return yield* new InvalidResetCredential()
    const proven = yield* applyContactProof(ports, customer.value, proof, now)
    // only the password, verification flags and held-apart fields change, so no email or phone can collide
    yield* customers.update(setPassword(proven, passwordHash)).pipe(Effect.catchTag("CustomerContactTaken", Effect.die))
    yield* ports.sessions.revokeAllOfCustomer(customerId, now)
    yield* ports.resetTokens.voidAllOfCustomer(customerId, now)
    yield* ports.verifications.voidAllOfCustomer(customerId, now)
    return yield* startSession(ports, customerId, now, "reset")
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
      // a token that did not record its address proves no email, but still replaces the password
      const proof: ContactProof = { kind: "reset_link", channel: "email", destination: redeemed.mailedTo ?? "" }
      return yield* completeReset(ports, redeemed.customerId, passwordHash, now, proof)
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
      const proof = codeProof(verification, { requestedWith: null, presentedWith: null })
      return done(yield* completeReset(ports, verification.customerId, passwordHash, now, proof))
    }))
    return yield* settleCodeCheck(outcome)
  })
