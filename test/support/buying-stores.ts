/**
 * Every store the buying path needs (carts, inventory, coupons, orders, idempotency keys, and
 * the account stores: transactions, customers, sessions) next to a catalog store seeded with a
 * document: on the SQL adapter over a test engine, or in memory. Used by the contract suites
 * and the HTTP tests.
 */
import { Effect, Layer, Option } from "effect"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryStoreHealth from "../../adapters/memory/memory-store-health.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { memoryAccountStores, postgresAccountStores } from "../../config/account-stores.ts"
import { memoryBuyingStores, postgresBuyingStores } from "../../config/buying-stores.ts"
import { seededPostgresStores } from "./seeded-stores.ts"
import { isSharedDatabase, type TestEngine } from "./test-database.ts"

const noNotificationsFile = { notificationsFile: Option.none<string>() }

/** With `notificationsFile`, codes and reset links are also written there (tests read them). */
export const postgresBuyingTestStores = (engine: TestEngine, document: unknown, notificationsFile?: string) =>
  Layer.mergeAll(
    postgresBuyingStores,
    postgresAccountStores({
      notificationsFile: notificationsFile === undefined ? Option.none() : Option.some(notificationsFile),
      sharedDatabase: isSharedDatabase(engine)
    })
  ).pipe(
    Layer.provideMerge(seededPostgresStores(engine.layer, document))
  )

export const memoryBuyingTestStores = (document: unknown) =>
  Layer.effectDiscard(Effect.orDie(importCatalog(document))).pipe(
    Layer.provideMerge(
      Layer.mergeAll(memoryBuyingStores, MemoryStoreHealth.layer).pipe(
        Layer.provideMerge(MemoryCatalogStore.layer),
        Layer.provideMerge(memoryAccountStores(noNotificationsFile))
      )
    ),
    Layer.provideMerge(CryptoIdGenerator.layer)
  )
