/**
 * The ports the account handlers and the bearer middlewares run their use cases with, taken
 * from the app's layers once at start, plus the client-IP policy (TRUST_PROXY).
 */
import { Context, Effect, Layer } from "effect"
import type { AccessTokenSigner } from "../../../application/auth/access-token-signer.ts"
import type { Notifier } from "../../../application/auth/notifier.ts"
import type { PasswordHasher } from "../../../application/auth/password-hasher.ts"
import type { RateLimiter } from "../../../application/auth/rate-limiter.ts"
import type { ResetTokenRepository } from "../../../application/auth/reset-token-repository.ts"
import type { SecureRandom } from "../../../application/auth/secure-random.ts"
import type { SessionRepository } from "../../../application/auth/session-repository.ts"
import type { VerificationRepository } from "../../../application/auth/verification-repository.ts"
import type { AddressBook } from "../../../application/customer/address-book.ts"
import type { CustomerRepository } from "../../../application/customer/customer-repository.ts"
import type { Transactions } from "../../../application/shared/transactions.ts"
import type { TokenHasher } from "../../../domain/auth/token-hasher.ts"
import type { CommonPasswords } from "../../../domain/customer/common-passwords.ts"
import type { IdGenerator } from "../../../domain/shared/id-generator.ts"
import { ClientIpPolicy, type ClientIpPolicyShape } from "../request/client-ip.ts"

export type AccountPorts =
  | CustomerRepository
  | AddressBook
  | SessionRepository
  | VerificationRepository
  | ResetTokenRepository
  | RateLimiter
  | Notifier
  | Transactions
  | PasswordHasher
  | AccessTokenSigner
  | TokenHasher
  | SecureRandom
  | IdGenerator
  | CommonPasswords

export class AccountServices extends Context.Service<AccountServices, {
  readonly provide: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, Exclude<R, AccountPorts>>
  readonly clientIpPolicy: ClientIpPolicyShape
}>()("storefront/http/AccountServices") {
  static readonly layer = Layer.effect(
    AccountServices,
    Effect.gen(function*() {
      // the whole context of the app's layers, including AccountSettings when it was provided
      const context = yield* Effect.context<AccountPorts>()
      const clientIpPolicy = yield* ClientIpPolicy
      return AccountServices.of({
        provide: (effect) => Effect.provideContext(effect, context),
        clientIpPolicy
      })
    })
  )
}
