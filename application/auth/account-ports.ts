/**
 * The ports the account use cases run on, taken once when the AccountsService layer is built
 * (so a request provides nothing: the use cases close over them), and the account settings.
 */
import { Effect } from "effect"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { CommonPasswords } from "../../domain/customer/common-passwords.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { AddressBook } from "../customer/address-book.ts"
import { CustomerRepository } from "../customer/customer-repository.ts"
import { EventOutbox } from "../notifications/event-outbox.ts"
import { Transactions } from "../shared/transactions.ts"
import { AccessTokenSigner } from "./access-token-signer.ts"
import { AccountSettings } from "./account-settings.ts"
import { Notifier } from "./notifier.ts"
import { PasswordHasher } from "./password-hasher.ts"
import { RateLimiter } from "./rate-limiter.ts"
import { ResetTokenRepository } from "./reset-token-repository.ts"
import { SecureRandom } from "./secure-random.ts"
import { SessionRepository } from "./session-repository.ts"
import { VerificationRepository } from "./verification-repository.ts"

export const accountPorts = Effect.all({
  customers: CustomerRepository,
  addressBook: AddressBook,
  sessions: SessionRepository,
  verifications: VerificationRepository,
  resetTokens: ResetTokenRepository,
  rateLimiter: RateLimiter,
  notifier: Notifier,
  events: EventOutbox,
  transactions: Transactions,
  passwordHasher: PasswordHasher,
  signer: AccessTokenSigner,
  tokenHasher: TokenHasher,
  random: SecureRandom,
  ids: IdGenerator,
  commonPasswords: CommonPasswords,
  settings: AccountSettings
})

export type AccountPorts = Effect.Success<typeof accountPorts>
