/**
 * The buying-path contract suites on the SQL adapters over every test engine, and what only the
 * SQL adapters promise besides: sales counts and stock changes reach the catalog (and so the
 * read model), and stock is held by a CHECK as well.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { Inventory } from "../../application/cart/inventory.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { testEngines } from "../support/test-database.ts"
import { cartRepositoryContract } from "./cart-repository-contract.ts"
import { couponRepositoryContract } from "./coupon-repository-contract.ts"
import { idempotencyStoreContract } from "./idempotency-store-contract.ts"
import { inventoryContract } from "./inventory-contract.ts"
import { orderRepositoryContract } from "./order-repository-contract.ts"

for (const engine of testEngines()) {
  layer(postgresBuyingTestStores(engine, buyingFixture()), { excludeTestServices: true })(
    `buying-path stores (${engine.name})`,
    (it) => {
      cartRepositoryContract(it)
      inventoryContract(it)
      couponRepositoryContract(it)
      orderRepositoryContract(it)
      idempotencyStoreContract(it)

      describe("catalog side effects (SQL)", () => {
        it.effect("sales add to products.sales_count and stock writes are seen by the catalog", () =>
          Effect.gen(function*() {
            const inventory = yield* Inventory
            const shirt = yield* fixtureVariant("FIX-6-1")
            yield* inventory.recordSales([{ productId: shirt.product.id, quantity: 3 }])
            yield* inventory.takeStock([{ variantId: shirt.variant.id, quantity: 4 }])
            const after = yield* fixtureVariant("FIX-6-1")
            expect(after.product.salesCount).toBe(shirt.product.salesCount + 3)
            expect(after.variant.stock).toBe(shirt.variant.stock - 4)
          }))

        it.effect("the database itself refuses negative stock", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const tee = yield* fixtureVariant("FIX-7-1")
            const failed = yield* Effect.flip(sql`UPDATE variants SET stock = stock - 1000 WHERE id = ${tee.variant.id}`)
            expect(failed.reason._tag).toBe("ConstraintError")
          }))
      })
    }
  )
}
