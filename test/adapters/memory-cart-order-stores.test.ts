/** The buying-path contract suites on the in-memory adapters, and the Idempotency-Key store's sealed around one. */
import { layer } from "@effect/vitest"
import { Layer } from "effect"
import * as MemoryIdempotencyStore from "../../adapters/memory/memory-idempotency-store.ts"
import { sealed } from "../../adapters/security/sealed-idempotency-store.ts"
import { buyingFixture } from "../support/buying-fixture.ts"
import { memoryBuyingTestStores } from "../support/buying-stores.ts"
import { cartRepositoryContract } from "./cart-repository-contract.ts"
import { couponRepositoryContract } from "./coupon-repository-contract.ts"
import { idempotencyStoreContract } from "./idempotency-store-contract.ts"
import { inventoryContract } from "./inventory-contract.ts"
import { orderRepositoryContract } from "./order-repository-contract.ts"
import { paymentStoreContract } from "./payment-store-contract.ts"
import { shipmentStoreContract } from "./shipment-store-contract.ts"

layer(memoryBuyingTestStores(buyingFixture()), { excludeTestServices: true })("buying-path stores (memory)", (it) => {
  cartRepositoryContract(it)
  inventoryContract(it)
  couponRepositoryContract(it)
  orderRepositoryContract(it)
  paymentStoreContract(it)
  shipmentStoreContract(it)
  idempotencyStoreContract(it)
})

layer(Layer.merge(memoryBuyingTestStores(buyingFixture()), sealed(MemoryIdempotencyStore.layer)), { excludeTestServices: true })(
  "Idempotency-Key store sealed (over memory)",
  (it) => {
    idempotencyStoreContract(it)
  }
)
