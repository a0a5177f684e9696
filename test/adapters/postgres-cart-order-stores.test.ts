/**
 * The buying-path contract suites on the SQL adapters over every test engine, and what only the
 * SQL adapters promise besides: sales counts and stock changes reach the catalog (and so the
 * read model), stock is held by a CHECK as well, and a cart's creation and changes commit
 * without waiting for the WAL flush while checkout's completion of the cart does wait.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { CartRepository } from "../../application/cart/cart-repository.ts"
import { makeGroupCommit } from "../../adapters/postgres/group-commit.ts"
import * as PostgresGroupCommit from "../../adapters/postgres/group-commit.ts"
import { CartCommit, makePostgresCartRepository } from "../../adapters/postgres/postgres-cart-repository.ts"
import { Inventory } from "../../application/cart/inventory.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { testEngines } from "../support/test-database.ts"
import { cartRepositoryContract, newCart } from "./cart-repository-contract.ts"
import { couponRepositoryContract } from "./coupon-repository-contract.ts"
import { idempotencyStoreContract } from "./idempotency-store-contract.ts"
import { inventoryContract } from "./inventory-contract.ts"
import { orderRepositoryContract } from "./order-repository-contract.ts"
import { paymentStoreContract } from "./payment-store-contract.ts"
import { shipmentStoreContract } from "./shipment-store-contract.ts"

for (const engine of testEngines()) {
  layer(postgresBuyingTestStores(engine, buyingFixture()), { excludeTestServices: true })(
    `buying-path stores (${engine.name})`,
    (it) => {
      cartRepositoryContract(it)
      inventoryContract(it)
      couponRepositoryContract(it)
      orderRepositoryContract(it)
  paymentStoreContract(it)
      paymentStoreContract(it)
      shipmentStoreContract(it)
      idempotencyStoreContract(it)

      describe("commit durability of cart writes (SQL)", () => {
        /** synchronous_commit as the unit of work sees it after `write`: what its commit will use. */
        const commitSettingAfter = <E, R>(write: Effect.Effect<unknown, E, R>) =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const transactions = yield* Transactions
            const rows = yield* transactions.atomically(
              Effect.andThen(write, sql<{ readonly setting: string }>`SELECT current_setting('synchronous_commit') AS setting`)
            )
            return rows[0]?.setting
          })

        it.effect("by default (CART_COMMIT=durable) creating and changing a cart commit durably", () =>
          Effect.gen(function*() {
            const carts = yield* CartRepository
            const cart = yield* newCart
            expect(yield* commitSettingAfter(carts.insert(cart))).toBe("on")
            const changed = { ...cart, customerNote: "leave at the door", version: cart.version + 1 }
            expect(yield* commitSettingAfter(carts.updateIfVersion(changed, cart.version))).toBe("on")
            expect(Option.getOrThrow(yield* carts.findById(cart.id))).toEqual(changed)
          }))

        it.effect("CART_COMMIT=relaxed: creating and changing a cart commit asynchronously; completing it at checkout commits durably", () =>
          Effect.gen(function*() {
            const carts = yield* makePostgresCartRepository.pipe(
              Effect.provideService(CartCommit, "relaxed"),
              Effect.provide(PostgresGroupCommit.layer)
            )
            const cart = yield* newCart
            expect(yield* commitSettingAfter(Effect.void)).toBe("on")
            expect(yield* commitSettingAfter(carts.insert(cart))).toBe("off")
            const changed = { ...cart, customerNote: "leave at the door", version: cart.version + 1 }
            expect(yield* commitSettingAfter(carts.updateIfVersion(changed, cart.version))).toBe("off")
            const completed = { ...changed, status: "completed" as const, version: changed.version + 1 }
            expect(yield* commitSettingAfter(carts.update(completed))).toBe("on")
            expect(Option.getOrThrow(yield* carts.findById(cart.id))).toEqual(completed)
          }))

        it.effect("group commit: writes committed asynchronously are on disk once `durable` answers, and waiters share flushes", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const groupCommit = yield* makeGroupCommit
            // a regular table: a temporary one writes no WAL
            yield* sql`CREATE TABLE IF NOT EXISTS group_commit_probe (n int)`
            const committedAt = yield* sql.withTransaction(Effect.andThen(
              sql`INSERT INTO group_commit_probe VALUES (1) RETURNING set_config('synchronous_commit', 'off', true)`,
              sql<{ readonly lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`
            ))
            const lsn = committedAt[0]?.lsn ?? ""
            yield* groupCommit.durable
            const flushed = yield* sql<{ readonly past: boolean }>`SELECT pg_current_wal_flush_lsn() >= ${lsn}::pg_lsn AS past`
            expect(flushed[0]?.past).toBe(true)
            // each flush is a transaction of its own: 40 waiters at once take far fewer than 40
            const xidsBefore = yield* sql<{ readonly next: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`
            yield* Effect.all(Array.from({ length: 40 }, () => groupCommit.durable), { concurrency: "unbounded" })
            const xidsAfter = yield* sql<{ readonly next: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`
            expect(Number(xidsAfter[0]?.next) - Number(xidsBefore[0]?.next)).toBeLessThan(20)
          }).pipe(Effect.scoped))

        it.effect("a change that loses the race writes nothing and leaves the commit durable", () =>
          Effect.gen(function*() {
            const carts = yield* CartRepository
            const cart = yield* newCart
            yield* carts.insert(cart)
            const stale = { ...cart, customerNote: "stale", version: cart.version + 1 }
            expect(yield* commitSettingAfter(carts.updateIfVersion(stale, cart.version + 5))).toBe("on")
            expect(Option.getOrThrow(yield* carts.findById(cart.id))).toEqual(cart)
          }))
      })

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
