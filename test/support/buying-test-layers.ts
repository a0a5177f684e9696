/**
 * In-memory buying-path stores for suites whose stores bring none of their own (e.g.
 * catalog-only or account-only suites): they satisfy the cart and order routes' ports over an
 * empty catalog of their own. A suite's own stores always take precedence over the fallback.
 */
import { Layer } from "effect"
import { MemoryCatalogStoreLayer } from "../../adapters/memory/memory-catalog-store.ts"
import { CryptoIdGeneratorLayer } from "../../adapters/security/crypto-id-generator.ts"
import { memoryBuyingStores } from "../../config/buying-stores.ts"

export const buyingStoresFallback = memoryBuyingStores([]).pipe(
  Layer.provide(MemoryCatalogStoreLayer),
  Layer.provide(CryptoIdGeneratorLayer)
)
