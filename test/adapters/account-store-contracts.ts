/** Every account-store contract, run the same way on each engine (memory, PGlite, PostgreSQL). */
import type { Vitest } from "@effect/vitest"
import type { Notifier } from "../../application/auth/notifier.ts"
import type { RateLimiter } from "../../application/auth/rate-limiter.ts"
import type { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import type { ServerSecrets } from "../../application/auth/server-secrets.ts"
import type { SessionRepository } from "../../application/auth/session-repository.ts"
import type { VerificationRepository } from "../../application/auth/verification-repository.ts"
import type { CustomerRepository } from "../../application/customer/customer-repository.ts"
import type { Transactions } from "../../application/shared/transactions.ts"
import { notifierContract, type OutboxRecipients } from "./notifier-contract.ts"
import { rateLimiterContract } from "./rate-limiter-contract.ts"
import { resetTokenRepositoryContract } from "./reset-token-repository-contract.ts"
import { serverSecretsContract } from "./server-secrets-contract.ts"
import { sessionRepositoryContract } from "./session-repository-contract.ts"
import { verificationRepositoryContract } from "./verification-repository-contract.ts"

export type AccountStoreServices =
  | SessionRepository
  | VerificationRepository
  | ResetTokenRepository
  | CustomerRepository
  | Transactions
  | RateLimiter
  | Notifier
  | OutboxRecipients
  | ServerSecrets

export const accountStoreContracts = (it: Vitest.MethodsNonLive<AccountStoreServices>, notificationsFile: string) => {
  sessionRepositoryContract(it)
  verificationRepositoryContract(it)
  resetTokenRepositoryContract(it)
  rateLimiterContract(it)
  notifierContract(it, notificationsFile)
  serverSecretsContract(it)
}
