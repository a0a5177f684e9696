/**
 * In-memory buying-path stores for suites whose stores bring none of their own (e.g.
 * catalog-only or account-only suites): they satisfy the cart and order routes' ports (coupons
 * included) over an empty catalog of their own. A suite's own stores always take precedence
 * over the fallback.
 */
import { Effect, Layer } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { MemoryCatalogStoreLayer } from "../../adapters/memory/memory-catalog-store.ts"
import { MemoryCustomerRepository } from "../../adapters/memory/memory-customer-repository.ts"
import { CryptoIdGeneratorLayer } from "../../adapters/security/crypto-id-generator.ts"
import { memoryBuyingStores } from "../../config/buying-stores.ts"

const emptyCatalogStore = MemoryCatalogStoreLayer.pipe(
  Layer.provide(MemoryCustomerRepository),
  Layer.provide(CryptoIdGeneratorLayer)
)

export const buyingStoresFallback = Layer.mergeAll(
  memoryBuyingStores,
  Layer.effect(CouponRepository, Effect.service(CouponRepository))
).pipe(Layer.provide(emptyCatalogStore))
