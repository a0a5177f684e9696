/**
 * The buying-path side of the composition root: the stores of carts, inventory, coupons,
 * orders, payments and Idempotency-Key records (on the SQL adapter, sealed, or in memory), and the cart lifetime.
 * Transactions and the CustomerRepository come with the account stores; in memory, coupons come
 * with the catalog store (adapters/memory/memory-catalog-store.ts), which imports them.
 */
import { Layer } from "effect"
import { MemoryCartRepository } from "../adapters/memory/memory-cart-repository.ts"
import { MemoryIdempotencyStore } from "../adapters/memory/memory-idempotency-store.ts"
import { MemoryInventory } from "../adapters/memory/memory-inventory.ts"
import { MemoryOrderRepository } from "../adapters/memory/memory-order-repository.ts"
import { MemoryPaymentStore } from "../adapters/memory/memory-payment-store.ts"
import { PostgresCartRepository } from "../adapters/postgres/postgres-cart-repository.ts"
import { PostgresCouponRepository } from "../adapters/postgres/postgres-coupon-repository.ts"
import { PostgresIdempotencyStore } from "../adapters/postgres/postgres-idempotency-store.ts"
import { PostgresInventory } from "../adapters/postgres/postgres-inventory.ts"
import { PostgresOrderRepository } from "../adapters/postgres/postgres-order-repository.ts"
import { PostgresPaymentStore } from "../adapters/postgres/postgres-payment-store.ts"
import { sealed } from "../adapters/security/sealed-idempotency-store.ts"
import { CartSettings } from "../application/cart/cart-settings.ts"
import type { AppConfig } from "./app-config.ts"

/** Every buying-path store on the SQL adapter (needs the SqlClient). */
export const postgresBuyingStores = Layer.mergeAll(
  PostgresCartRepository,
  PostgresInventory,
  PostgresCouponRepository,
  PostgresOrderRepository,
  PostgresPaymentStore,
  // a record on disk answers only whoever holds its Idempotency-Key (adapters/security/sealed-idempotency-store.ts)
  sealed(PostgresIdempotencyStore)
)

/**
 * Every buying-path store in memory but coupons, over the memory catalog store (its CatalogSource
 * and CouponRepository; tests, library users).
 */
export const memoryBuyingStores = Layer.mergeAll(
  MemoryCartRepository.pipe(Layer.provideMerge(MemoryInventory)),
  MemoryOrderRepository,
  MemoryPaymentStore,
  MemoryIdempotencyStore
)

/** CART_TTL_DAYS. */
export const cartSettings = (settings: AppConfig) => Layer.succeed(CartSettings, { ttlDays: settings.cartTtlDays })
