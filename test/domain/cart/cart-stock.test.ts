import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { type Cart, createCart, dropVanishedLines } from "../../../domain/cart/cart.ts"
import { assertVersionIn } from "../../../domain/cart/cart-guards.ts"
import { assertQuantityInStock, assertVariantAvailable } from "../../../domain/cart/stock.ts"
import { CartId, CustomerId, LineId, ProductId, ShopId, VariantId } from "../../../domain/shared/ids.ts"

const Stock = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2_000 }))
const Quantity = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999 }))

const change = { now: new Date("2026-03-01T10:00:00.000Z"), ttlDays: 30 }
const cart = (): Cart =>
  Result.getOrThrow(createCart({
    id: CartId.make("cart_1"),
    shopId: ShopId.make("shop_1"),
    customerId: null,
    lines: [
      { lineId: LineId.make("item_a"), variantId: VariantId.make("var_a"), productId: ProductId.make("prod_a"), quantity: 1 },
      { lineId: LineId.make("item_b"), variantId: VariantId.make("var_b"), productId: ProductId.make("prod_b"), quantity: 2 }
    ]
  }, change))

describe("stock rules", () => {
  it.prop("a quantity is in stock exactly when it is at most the stock", [Stock, Quantity], ([stock, quantity]) => {
    const checked = assertQuantityInStock({ variantId: VariantId.make("var_a"), visible: true, stock }, quantity)
    expect(Result.isSuccess(checked)).toBe(quantity <= stock)
    if (Result.isFailure(checked)) expect(checked.failure).toMatchObject({ variantId: "var_a", requested: quantity, available: stock })
  })

  it("a variant that does not exist or is not offered in the shop is VariantNotFound", () => {
    expect(Result.isFailure(assertVariantAvailable(VariantId.make("var_x"), undefined))).toBe(true)
    const hidden = assertVariantAvailable(VariantId.make("var_x"), { variantId: VariantId.make("var_x"), visible: false, stock: 5 })
    expect(Result.isFailure(hidden) && hidden.failure._tag).toBe("VariantNotFound")
    expect(Result.isSuccess(assertVariantAvailable(VariantId.make("var_x"), { variantId: VariantId.make("var_x"), visible: true, stock: 0 }))).toBe(true)
  })
})

describe("If-Match versions and vanished lines", () => {
  it.prop("assertVersionIn matches exactly when the list holds the cart's version", [Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 })))], ([versions]) => {
    const checked = assertVersionIn(cart(), versions)
    expect(Result.isSuccess(checked)).toBe(versions.includes(1))
    if (Result.isFailure(checked)) expect(checked.failure.currentVersion).toBe(1)
  })

  it("dropVanishedLines keeps the cart when every variant exists, else drops only the vanished lines", () => {
    const original = cart()
    expect(dropVanishedLines(original, () => true)).toBe(original)
    const dropped = dropVanishedLines(original, (variantId) => variantId !== "var_a")
    expect(dropped.lines.map((line) => line.id)).toEqual(["item_b"])
    expect(dropped.version).toBe(original.version)
  })
})
