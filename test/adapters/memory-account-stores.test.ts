/** The account-store contract suites on the in-memory adapters. */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import { makeMemoryNotificationOutbox } from "../../adapters/memory/memory-notification-outbox.ts"
import * as MemoryRateLimiter from "../../adapters/memory/memory-rate-limiter.ts"
import * as MemoryResetTokenRepository from "../../adapters/memory/memory-reset-token-repository.ts"
import * as MemoryServerSecrets from "../../adapters/memory/memory-server-secrets.ts"
import * as MemorySessionRepository from "../../adapters/memory/memory-session-repository.ts"
import * as MemoryTransactions from "../../adapters/memory/memory-transactions.ts"
import * as MemoryVerificationRepository from "../../adapters/memory/memory-verification-repository.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { accountStoreContracts } from "./account-store-contracts.ts"
import { OutboxRecipients } from "./notifier-contract.ts"

const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-memory-")), "notifications.jsonl")

const outbox = Layer.effectContext(Effect.map(makeMemoryNotificationOutbox(Option.some(notificationsFile)), (memory) =>
  Context.make(Notifier, memory.notifier).pipe(
    Context.add(OutboxRecipients, Effect.sync(() => memory.sent().map((notification) => notification.to)))
  )))

const stores = Layer.mergeAll(
  MemoryCustomerRepository.layer,
  MemorySessionRepository.layer,
  MemoryVerificationRepository.layer,
  MemoryResetTokenRepository.layer,
  MemoryRateLimiter.layer,
  MemoryServerSecrets.layer,
  MemoryTransactions.layer,
  outbox
)

layer(stores, { excludeTestServices: true })("account stores (memory)", (it) => {
  accountStoreContracts(it, notificationsFile)
})
