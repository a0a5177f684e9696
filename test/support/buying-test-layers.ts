/**
 * In-memory buying-path stores for suites whose stores bring none of their own (e.g.
 * catalog-only or account-only suites): they satisfy the cart and order routes' ports (coupons
 * included) over an empty catalog of their own. A suite's own stores always take precedence
 * over the fallback.
 */
import { Effect, Layer } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { memoryBuyingStores } from "../../config/buying-stores.ts"

const emptyCatalogStore = MemoryCatalogStore.layer.pipe(
  Layer.provide(MemoryCustomerRepository.layer),
  Layer.provide(CryptoIdGenerator.layer)
)

export const buyingStoresFallback = Layer.mergeAll(
  memoryBuyingStores,
  Layer.effect(CouponRepository, Effect.service(CouponRepository))
).pipe(Layer.provide(emptyCatalogStore))
