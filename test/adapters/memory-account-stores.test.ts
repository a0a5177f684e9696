/** The account-store contract suites on the in-memory adapters. */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { MemoryCustomerRepository } from "../../adapters/memory/memory-customer-repository.ts"
import { makeMemoryNotificationOutbox } from "../../adapters/memory/memory-notification-outbox.ts"
import { MemoryRateLimiter } from "../../adapters/memory/memory-rate-limiter.ts"
import { MemoryResetTokenRepository } from "../../adapters/memory/memory-reset-token-repository.ts"
import { MemoryServerSecrets } from "../../adapters/memory/memory-server-secrets.ts"
import { MemorySessionRepository } from "../../adapters/memory/memory-session-repository.ts"
import { MemoryTransactions } from "../../adapters/memory/memory-transactions.ts"
import { MemoryVerificationRepository } from "../../adapters/memory/memory-verification-repository.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { accountStoreContracts } from "./account-store-contracts.ts"
import { OutboxRecipients } from "./notifier-contract.ts"

const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-memory-")), "notifications.jsonl")

const outbox = Layer.effectContext(Effect.map(makeMemoryNotificationOutbox(Option.some(notificationsFile)), (memory) =>
  Context.make(Notifier, memory.notifier).pipe(
    Context.add(OutboxRecipients, Effect.sync(() => memory.sent().map((notification) => notification.to)))
  )))

const stores = Layer.mergeAll(
  MemoryCustomerRepository,
  MemorySessionRepository,
  MemoryVerificationRepository,
  MemoryResetTokenRepository,
  MemoryRateLimiter,
  MemoryServerSecrets,
  MemoryTransactions,
  outbox
)

layer(stores, { excludeTestServices: true })("account stores (memory)", (it) => {
  accountStoreContracts(it, notificationsFile)
})
