/**
 * POST /auth/reset-password (CONTRACT §3), with an emailed token or a `reset_password` code.
 * The new password is checked and hashed first (a weak one consumes nothing). Then, in one unit
 * of work: the credential is redeemed (a token is single use; a code as in /otp/verify), the
 * password is set, every session of the customer is revoked, their pending reset tokens and live
 * codes are voided (domain applyPasswordReset, done by the repositories per customer), and a
 * fresh session is started. A code also marks its destination verified; a token does not (the
 * address it was mailed to is not kept, and may no longer be the customer's).
 */
import { Effect, Option } from "effect"
import { InvalidResetCredential } from "../../domain/auth/errors/invalid-reset-credential.ts"
import { redeemResetToken } from "../../domain/auth/reset-token.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import type { Verification } from "../../domain/auth/verification.ts"
import { setPassword } from "../../domain/customer/customer.ts"
import { validateNewPassword } from "../../domain/customer/password.ts"
import { CustomerRepository } from "../customer/customer-repository.ts"
import { Transactions } from "../shared/transactions.ts"
import { checkOtpCode, done, type PresentedCode, settleCodeCheck } from "./consume-otp.ts"
import { currentTime } from "./current-time.ts"
import { PasswordHasher } from "./password-hasher.ts"
import { ResetTokenRepository } from "./reset-token-repository.ts"
import { SessionRepository } from "./session-repository.ts"
import { startSession } from "./start-session.ts"
import { markContactVerified } from "./verified-contact.ts"
import { VerificationRepository } from "./verification-repository.ts"

const hashNewPassword = (newPassword: string) =>
  Effect.gen(function*() {
    const password = yield* validateNewPassword(newPassword)
    return yield* (yield* PasswordHasher).hash(password)
  })

/** Inside the unit of work, once the credential is redeemed: the reset itself and a new session. */
const completeReset = (
  customerId: string,
  passwordHash: string,
  now: Date,
  proof: Option.Option<Verification>
) =>
  Effect.gen(function*() {
    const customers = yield* CustomerRepository
    const customer = yield* customers.findByIdForUpdate(customerId)
    if (Option.isNone(customer)) return yield* new InvalidResetCredential()
    const withPassword = setPassword(customer.value, passwordHash)
    // only the password and verification flags change, so no email or phone can collide
    yield* customers.update(Option.match(proof, {
      onNone: () => withPassword,
      onSome: (verification) => markContactVerified(withPassword, verification)
    })).pipe(Effect.catchTag("CustomerContactTaken", Effect.die))
    yield* (yield* SessionRepository).revokeAllOfCustomer(customerId, now)
    yield* (yield* ResetTokenRepository).voidAllOfCustomer(customerId, now)
    yield* (yield* VerificationRepository).voidAllOfCustomer(customerId, now)
    return yield* startSession(customerId, now)
  })

export const resetPasswordWithToken = (request: { readonly newPassword: string; readonly token: string }) =>
  Effect.gen(function*() {
    const passwordHash = yield* hashNewPassword(request.newPassword)
    const tokenHash = yield* (yield* TokenHasher).hash(request.token)
    const resetTokens = yield* ResetTokenRepository
    const now = yield* currentTime
    return yield* (yield* Transactions).atomically(Effect.gen(function*() {
      const stored = yield* resetTokens.findByTokenHashForUpdate(tokenHash)
      const redeemed = yield* Effect.fromResult(redeemResetToken(Option.getOrUndefined(stored), now))
      yield* resetTokens.update(redeemed)
      return yield* completeReset(redeemed.customerId, passwordHash, now, Option.none())
    }))
  })

export const resetPasswordWithCode = (request: PresentedCode & { readonly newPassword: string }) =>
  Effect.gen(function*() {
    const passwordHash = yield* hashNewPassword(request.newPassword)
    const now = yield* currentTime
    const outcome = yield* (yield* Transactions).atomically(Effect.gen(function*() {
      const check = yield* checkOtpCode(request, ["reset_password"])
      if (check._tag === "WrongCode") return check
      const { verification } = check
      if (verification.customerId === null) return yield* new InvalidResetCredential()
      return done(yield* completeReset(verification.customerId, passwordHash, now, Option.some(verification)))
    }))
    return yield* settleCodeCheck(outcome)
  })
