/**
 * The buying-path side of the composition root: the stores of carts, inventory, coupons,
 * orders, payments, shipments and Idempotency-Key records (on the SQL adapter, sealed, or in memory), and the cart lifetime.
 * Transactions and the CustomerRepository come with the account stores; in memory, coupons come
 * with the catalog store (adapters/memory/memory-catalog-store.ts), which imports them.
 */
import { Layer } from "effect"
import * as MemoryCartRepository from "../adapters/memory/memory-cart-repository.ts"
import * as MemoryIdempotencyStore from "../adapters/memory/memory-idempotency-store.ts"
import * as MemoryInventory from "../adapters/memory/memory-inventory.ts"
import * as MemoryOrderRepository from "../adapters/memory/memory-order-repository.ts"
import * as MemoryPaymentStore from "../adapters/memory/memory-payment-store.ts"
import * as MemoryShipmentStore from "../adapters/memory/memory-shipment-store.ts"
import * as PostgresCartRepository from "../adapters/postgres/postgres-cart-repository.ts"
import * as PostgresCouponRepository from "../adapters/postgres/postgres-coupon-repository.ts"
import * as PostgresIdempotencyStore from "../adapters/postgres/postgres-idempotency-store.ts"
import * as PostgresInventory from "../adapters/postgres/postgres-inventory.ts"
import * as PostgresOrderRepository from "../adapters/postgres/postgres-order-repository.ts"
import * as PostgresPaymentStore from "../adapters/postgres/postgres-payment-store.ts"
import * as PostgresShipmentStore from "../adapters/postgres/postgres-shipment-store.ts"
import { sealed } from "../adapters/security/sealed-idempotency-store.ts"
import { CartSettings } from "../application/cart/cart-settings.ts"
import type { AppConfig } from "./app-config.ts"

/** Every buying-path store on the SQL adapter (needs the SqlClient). */
export const postgresBuyingStores = Layer.mergeAll(
  PostgresCartRepository.layer,
  PostgresInventory.layer,
  PostgresCouponRepository.layer,
  PostgresOrderRepository.layer,
  PostgresPaymentStore.layer,
  PostgresShipmentStore.layer,
  // a record on disk answers only whoever holds its Idempotency-Key (adapters/security/sealed-idempotency-store.ts)
  sealed(PostgresIdempotencyStore.layer)
)

/**
 * Every buying-path store in memory but coupons, over the memory catalog store (its CatalogSource
 * and CouponRepository; tests, library users).
 */
export const memoryBuyingStores = Layer.mergeAll(
  MemoryCartRepository.layer.pipe(Layer.provideMerge(MemoryInventory.layer)),
  MemoryOrderRepository.layer,
  MemoryPaymentStore.layer,
  MemoryShipmentStore.layer,
  MemoryIdempotencyStore.layer
)

/** CART_TTL_DAYS. */
export const cartSettings = (settings: AppConfig) => Layer.succeed(CartSettings, { ttlDays: settings.cartTtlDays })
