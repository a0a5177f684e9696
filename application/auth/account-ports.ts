/**
 * The ports the account use cases run on, taken once when the AccountsService layer is built
 * (so a request provides nothing: the use cases close over them), and the account settings.
 */
import { Effect } from "effect"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { CommonPasswords } from "../../domain/customer/common-passwords.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { CustomerRepository } from "../customer/customer-repository.ts"
import { Transactions } from "../shared/transactions.ts"
import { AccessTokenSigner } from "./access-token-signer.ts"
import { AccountSettings, type AccountSettingsShape } from "./account-settings.ts"
import { Notifier } from "./notifier.ts"
import { PasswordHasher } from "./password-hasher.ts"
import { RateLimiter } from "./rate-limiter.ts"
import { ResetTokenRepository } from "./reset-token-repository.ts"
import { SecureRandom } from "./secure-random.ts"
import { SessionRepository } from "./session-repository.ts"
import { VerificationRepository } from "./verification-repository.ts"

export interface AccountPorts {
  readonly customers: CustomerRepository["Service"]
  readonly sessions: SessionRepository["Service"]
  readonly verifications: VerificationRepository["Service"]
  readonly resetTokens: ResetTokenRepository["Service"]
  readonly rateLimiter: RateLimiter["Service"]
  readonly notifier: Notifier["Service"]
  readonly transactions: Transactions["Service"]
  readonly passwordHasher: PasswordHasher["Service"]
  readonly signer: AccessTokenSigner["Service"]
  readonly tokenHasher: TokenHasher["Service"]
  readonly random: SecureRandom["Service"]
  readonly ids: IdGenerator["Service"]
  readonly commonPasswords: CommonPasswords["Service"]
  readonly settings: AccountSettingsShape
}

export const accountPorts = Effect.gen(function*() {
  const ports: AccountPorts = {
    customers: yield* CustomerRepository,
    sessions: yield* SessionRepository,
    verifications: yield* VerificationRepository,
    resetTokens: yield* ResetTokenRepository,
    rateLimiter: yield* RateLimiter,
    notifier: yield* Notifier,
    transactions: yield* Transactions,
    passwordHasher: yield* PasswordHasher,
    signer: yield* AccessTokenSigner,
    tokenHasher: yield* TokenHasher,
    random: yield* SecureRandom,
    ids: yield* IdGenerator,
    commonPasswords: yield* CommonPasswords,
    settings: yield* AccountSettings
  }
  return ports
})
