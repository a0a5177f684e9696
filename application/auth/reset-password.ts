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
import type { Verification } from "../../domain/auth/verification.ts"
import { setPassword } from "../../domain/customer/customer.ts"
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

/** Inside the unit of work, once the credential is redeemed: the reset itself and a new session. */
const completeReset = (
  ports: AccountPorts,
  customerId: CustomerId,
  passwordHash: string,
  now: Date,
  proof: Option.Option<Verification>
) =>
  Effect.gen(function*() {
    const customers = ports.customers
    const customer = yield* customers.findByIdForUpdate(customerId)
    if (Option.isNone(customer)) return yield* new InvalidResetCredential()
    const withPassword = setPassword(customer.value, passwordHash)
    // only the password and verification flags change, so no email or phone can collide
    yield* customers.update(Option.match(proof, {
      onNone: () => withPassword,
      onSome: (verification) => markContactVerified(withPassword, verification)
    })).pipe(Effect.catchTag("CustomerContactTaken", Effect.die))
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
      return yield* completeReset(ports, redeemed.customerId, passwordHash, now, Option.none())
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
      return done(yield* completeReset(ports, verification.customerId, passwordHash, now, Option.some(verification)))
    }))
    return yield* settleCodeCheck(outcome)
  })
