/** Every service the buying-path stores provide (what the contract suites run against). */
import type { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CartRepository } from "../../application/cart/cart-repository.ts"
import type { CouponRepository } from "../../application/cart/coupon-repository.ts"
import type { Inventory } from "../../application/cart/inventory.ts"
import type { CustomerRepository } from "../../application/customer/customer-repository.ts"
import type { IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import type { OrderRepository } from "../../application/orders/order-repository.ts"
import type { PaymentStore } from "../../application/payments/payment-store.ts"
import type { Transactions } from "../../application/shared/transactions.ts"
import type { IdGenerator } from "../../domain/shared/id-generator.ts"

export type BuyingStoresServices =
  | CartRepository
  | Inventory
  | CouponRepository
  | OrderRepository
  | PaymentStore
  | IdempotencyStore
  | Transactions
  | CustomerRepository
  | CatalogSource
  | IdGenerator
