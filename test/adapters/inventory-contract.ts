/**
 * The contract of every Inventory: a variant reads back with the store's prices, stock, weight
 * and display data, visible only in the shops that offer its enabled product; taking stock is
 * all or nothing, never below zero, also under concurrency.
 */
import { describe, expect } from "@effect/vitest"
import type { Vitest } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { Inventory } from "../../application/cart/inventory.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import type { BuyingStoresServices } from "../support/buying-stores-services.ts"
import { ShopId, VariantId } from "../../domain/shared/ids.ts"

export const inventoryContract = (it: Vitest.MethodsNonLive<BuyingStoresServices>) =>
  describe("Inventory", () => {
    it.effect("variants carry prices (minor units), stock, weight, display data and visibility per shop", () =>
      Effect.gen(function*() {
        const inventory = yield* Inventory
        const shirt = yield* fixtureVariant("FIX-1-1")
        const saree = yield* fixtureVariant("FIX-2-1")
        const hidden = yield* fixtureVariant("FIX-5-1")
        const lamp = yield* fixtureVariant("FIX-LAMP-1")
        const inA = yield* inventory.variantsForShop(ShopId.make("shop_a"), [shirt.variant.id, saree.variant.id, hidden.variant.id, lamp.variant.id, VariantId.make("var_unknown")])
        expect(inA.size).toBe(4)
        expect(inA.get(shirt.variant.id)).toEqual({
          variantId: shirt.variant.id,
          productId: shirt.product.id,
          sku: "FIX-1-1",
          originalPrice: 100_000,
          salePrice: 80_000,
          stock: 10,
          weightGrams: 500,
          images: [],
          optionValues: { size: "S" },
          visible: true,
          requiresShipping: true,
          productName: "Classic Cotton Shirt",
          productSlug: "classic-cotton-shirt",
          productSku: "FIX-1",
          thumbnail: "https://img.example.com/fixture/1.jpg"
        })
        expect(inA.get(lamp.variant.id)).toMatchObject({ optionValues: { pack_size: "One" }, weightGrams: 2500, stock: 1 })
        expect(inA.get(hidden.variant.id)?.visible).toBe(false)
        const inB = yield* inventory.variantsForShop(ShopId.make("shop_b"), [shirt.variant.id, saree.variant.id])
        expect(inB.get(shirt.variant.id)?.visible).toBe(false)
        expect(inB.get(saree.variant.id)?.visible).toBe(true)
        const locked = yield* (yield* Transactions).atomically(inventory.variantsForShopForUpdate(ShopId.make("shop_a"), [saree.variant.id]))
        expect(locked.get(saree.variant.id)).toEqual(inA.get(saree.variant.id))
      }))

    it.effect("taking stock is all or nothing and reports the short variant", () =>
      Effect.gen(function*() {
        const inventory = yield* Inventory
        const phone = yield* fixtureVariant("FIX-4-1")
        const phoneXl = yield* fixtureVariant("FIX-4-2")
        const stockOf = (id: VariantId) => Effect.map(inventory.variantsForShop(ShopId.make("shop_a"), [id]), (found) => found.get(id)?.stock)
        yield* inventory.takeStock([{ variantId: phone.variant.id, quantity: 2 }, { variantId: phoneXl.variant.id, quantity: 1 }])
        expect(yield* stockOf(phone.variant.id)).toBe(3)
        expect(yield* stockOf(phoneXl.variant.id)).toBe(19)
        const short = yield* Effect.flip(inventory.takeStock([
          { variantId: phoneXl.variant.id, quantity: 5 },
          { variantId: phone.variant.id, quantity: 2 },
          { variantId: phone.variant.id, quantity: 2 }
        ]))
        expect(short).toMatchObject({ _tag: "InsufficientStock", variantId: phone.variant.id, requested: 4, available: 3 })
        expect(yield* stockOf(phone.variant.id)).toBe(3)
        expect(yield* stockOf(phoneXl.variant.id)).toBe(19)
      }))

    it.effect("concurrent takes never oversell: stock 3 and 10 takes of one → 3 succeed, stock 0", () =>
      Effect.gen(function*() {
        const inventory = yield* Inventory
        const transactions = yield* Transactions
        const saree = yield* fixtureVariant("FIX-2-1")
        const take = transactions.atomically(inventory.takeStock([{ variantId: saree.variant.id, quantity: 1 }]))
        const exits = yield* Effect.all(Array.from({ length: 10 }, () => Effect.exit(take)), { concurrency: "unbounded" })
        expect(exits.filter(Exit.isSuccess)).toHaveLength(3)
        const after = yield* inventory.variantsForShop(ShopId.make("shop_a"), [saree.variant.id])
        expect(after.get(saree.variant.id)?.stock).toBe(0)
      }))

    it.effect("recording sales accepts repeated products (and none); taking nothing changes no stock", () =>
      Effect.gen(function*() {
        const inventory = yield* Inventory
        const tee = yield* fixtureVariant("FIX-7-1")
        const before = yield* inventory.variantsForShop(ShopId.make("shop_a"), [tee.variant.id])
        expect(yield* Effect.exit(inventory.recordSales([]))).toEqual(Exit.void)
        expect(yield* Effect.exit(inventory.recordSales([
          { productId: tee.product.id, quantity: 2 },
          { productId: tee.product.id, quantity: 1 }
        ]))).toEqual(Exit.void)
        expect(yield* Effect.exit(inventory.takeStock([]))).toEqual(Exit.void)
        expect(yield* inventory.variantsForShop(ShopId.make("shop_a"), [tee.variant.id])).toEqual(before)
      }))
  })
