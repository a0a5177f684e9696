import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  addLine,
  assertMutable,
  assertNotExpired,
  Cart,
  createCart,
  MAX_LINE_QUANTITY,
  removeLine,
  setLineQuantity
} from "../../../domain/cart/cart.ts"
import {
  applyCoupon,
  assertReadyForCheckout,
  completeCart,
  removeCoupon,
  setBillingAddress,
  setNote,
  setPaymentMethod,
  setShippingAddress,
  setShippingMethod
} from "../../../domain/cart/cart-checkout-details.ts"
import { assertAccessibleBy, assertVersion, claimByCustomer } from "../../../domain/cart/cart-guards.ts"
import type { CartChange, NewCartLine } from "../../../domain/cart/cart.ts"
import type { Coupon } from "../../../domain/cart/coupon.ts"
import type { Address } from "../../../domain/shipping/address.ts"
import { PaymentMethod } from "../../../domain/shipping/cod-fee.ts"
import type { ShopZoneRules } from "../../../domain/shipping/zone-rules.ts"
import { makeShippingMethod } from "../shipping/fixtures.ts"
import { CartId, CustomerId, LineId, ProductId, ShopId, VariantId } from "../../../domain/shared/ids.ts"
import { basisPoints, minor } from "../../support/units.ts"

const DAY = 86_400_000
const TTL_DAYS = 30
const createdAt = new Date("2026-11-21T10:00:00.000Z")
const later = (ms: number): CartChange => ({ now: new Date(createdAt.getTime() + ms), ttlDays: TTL_DAYS })
const start: CartChange = later(0)

const line = (variantId: string, quantity: number, lineId = `item_${variantId}`): NewCartLine => ({
  lineId: LineId.make(lineId), variantId: VariantId.make(variantId), productId: ProductId.make(`prod_${variantId}`), quantity
})
const newCart = (lines: ReadonlyArray<NewCartLine> = [], customerId: string | null = null): Cart =>
  Result.getOrThrow(createCart({
    id: CartId.make("cart_1"),
    shopId: ShopId.make("shop_1"),
    customerId: customerId === null ? null : CustomerId.make(customerId),
    lines
  }, start))

const ok = <A, E>(result: Result.Result<A, E>): A => Result.getOrThrow(result)
const failureTag = <A, E extends { readonly _tag: string }>(result: Result.Result<A, E>): string =>
  Result.isFailure(result) ? result.failure._tag : "success"

const dhaka: Address = {
  name: "Rahim", phone: "01711000000", house: "", road: "", thana: "", district: "", division: "", city: "Dhaka",
  postcode: "", country: "", note: "", email: ""
}
const zoneRules: ShopZoneRules = {
  rules: [{ zoneType: "inside_city", field: "city", values: ["dhaka"] }],
  defaultZoneType: "outside_city"
}

describe("createCart", () => {
  it("starts active at version 1, cash on delivery, expiring after the TTL", () => {
    const cart = newCart()
    expect(cart).toMatchObject({
      status: "active", version: 1, paymentMethod: "cod", customerId: null, couponCode: "", shippingMethodId: "",
      customerNote: "", shippingAddress: null, billingAddress: null, lines: []
    })
    expect(cart.createdAt).toEqual(createdAt)
    expect(cart.expiresAt.getTime()).toBe(createdAt.getTime() + TTL_DAYS * DAY)
  })

  it("merges initial lines of one variant and checks their quantities", () => {
    const cart = newCart([line("var_a", 2, "item_1"), line("var_b", 1, "item_2"), line("var_a", 3, "item_3")])
    expect(cart.lines).toEqual([
      { id: "item_1", variantId: "var_a", productId: "prod_var_a", quantity: 5 },
      { id: "item_2", variantId: "var_b", productId: "prod_var_b", quantity: 1 }
    ])
    expect(cart.version).toBe(1)
    const tooMany = createCart({ id: CartId.make("cart_1"), shopId: ShopId.make("shop_1"), customerId: null, lines: [line("var_a", 1_000)] }, start)
    expect(failureTag(tooMany)).toBe("QuantityOutOfRange")
  })
})

describe("lines", () => {
  it("adding a variant already in the cart adds to its line", () => {
    const cart = ok(addLine(newCart([line("var_a", 2, "item_1")]), line("var_a", 3, "item_new"), later(1)))
    expect(cart.lines).toEqual([{ id: "item_1", variantId: "var_a", productId: "prod_var_a", quantity: 5 }])
    const withB = ok(addLine(cart, line("var_b", 1, "item_new"), later(2)))
    expect(withB.lines.map((l) => [l.id, l.variantId, l.quantity])).toEqual([["item_1", "var_a", 5], ["item_new", "var_b", 1]])
  })

  it("quantity bounds on add: 0 and 1000 rejected, 1 and 999 accepted, merged total ≤ 999", () => {
    const cart = newCart()
    expect(failureTag(addLine(cart, line("var_a", 0), start))).toBe("QuantityOutOfRange")
    expect(failureTag(addLine(cart, line("var_a", 1), start))).toBe("success")
    expect(failureTag(addLine(cart, line("var_a", 999), start))).toBe("success")
    expect(failureTag(addLine(cart, line("var_a", 1_000), start))).toBe("QuantityOutOfRange")
    expect(failureTag(addLine(cart, line("var_a", 1.5), start))).toBe("QuantityOutOfRange")
    const full = newCart([line("var_a", 998)])
    expect(ok(addLine(full, line("var_a", 1), start)).lines[0]?.quantity).toBe(999)
    const overflow = addLine(full, line("var_a", 2), start)
    expect(failureTag(overflow)).toBe("QuantityOutOfRange")
    if (Result.isFailure(overflow) && overflow.failure._tag === "QuantityOutOfRange") {
      expect(overflow.failure.quantity).toBe(1_000)
    }
  })

  it("setLineQuantity: 0 removes, 1 and 999 set, 1000 and -1 rejected, unknown line not found", () => {
    const cart = newCart([line("var_a", 5, "item_1"), line("var_b", 1, "item_2")])
    expect(ok(setLineQuantity(cart, LineId.make("item_1"), 0, start)).lines.map((l) => l.id)).toEqual(["item_2"])
    expect(ok(setLineQuantity(cart, LineId.make("item_1"), 1, start)).lines[0]?.quantity).toBe(1)
    expect(ok(setLineQuantity(cart, LineId.make("item_1"), 999, start)).lines[0]?.quantity).toBe(999)
    expect(failureTag(setLineQuantity(cart, LineId.make("item_1"), 1_000, start))).toBe("QuantityOutOfRange")
    expect(failureTag(setLineQuantity(cart, LineId.make("item_1"), -1, start))).toBe("QuantityOutOfRange")
    expect(failureTag(setLineQuantity(cart, LineId.make("item_x"), 1, start))).toBe("CartItemNotFound")
    expect(failureTag(setLineQuantity(cart, LineId.make("item_x"), 0, start))).toBe("CartItemNotFound")
  })

  it("removeLine removes that line only; unknown line not found", () => {
    const cart = newCart([line("var_a", 5, "item_1"), line("var_b", 1, "item_2")])
    expect(ok(removeLine(cart, LineId.make("item_2"), start)).lines.map((l) => l.id)).toEqual(["item_1"])
    const notFound = removeLine(cart, LineId.make("item_x"), start)
    expect(failureTag(notFound)).toBe("CartItemNotFound")
    if (Result.isFailure(notFound) && notFound.failure._tag === "CartItemNotFound") {
      expect(notFound.failure.itemId).toBe("item_x")
    }
  })
})

const Variant = Schema.Literals(["var_a", "var_b", "var_c"])
const AnyQuantity = Schema.Int.check(Schema.isBetween({ minimum: -1, maximum: 1_001 }))
const LineIndex = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 }))
const Command = Schema.Union([
  Schema.TaggedStruct("Add", { variantId: Variant, quantity: AnyQuantity }),
  Schema.TaggedStruct("SetQuantity", { lineIndex: LineIndex, quantity: AnyQuantity }),
  Schema.TaggedStruct("Remove", { lineIndex: LineIndex }),
  Schema.TaggedStruct("Note", { note: Schema.String }),
  Schema.TaggedStruct("Pay", { paymentMethod: PaymentMethod })
])
const Commands = Schema.Array(Command).check(Schema.isMaxLength(30))
type Command = typeof Command.Type

describe("changes (model-based)", () => {
  it.prop(
    "each accepted change adds 1 to the version and restarts the TTL; lines follow a quantity-per-variant model",
    [Commands],
    ([commands]) => {
      let cart = newCart()
      const model = new Map<string, number>() // insertion-ordered, like the cart's lines
      const isQuantity = (q: number) => Number.isInteger(q) && q >= 1 && q <= MAX_LINE_QUANTITY
      commands.forEach((command: Command, step) => {
        const change = later((step + 1) * 60_000)
        const target = "lineIndex" in command ? cart.lines[command.lineIndex] : undefined
        let expectAccepted: boolean
        let result: Result.Result<Cart, { readonly _tag: string }>
        switch (command._tag) {
          case "Add": {
            const merged = (model.get(command.variantId) ?? 0) + command.quantity
            expectAccepted = isQuantity(command.quantity) && merged <= MAX_LINE_QUANTITY
            if (expectAccepted) model.set(command.variantId, merged)
            result = addLine(cart, line(command.variantId, command.quantity, `item_${step}`), change)
            break
          }
          case "SetQuantity": {
            expectAccepted = target !== undefined && (command.quantity === 0 || isQuantity(command.quantity))
            if (expectAccepted && target !== undefined) {
              if (command.quantity === 0) model.delete(target.variantId)
              else model.set(target.variantId, command.quantity)
            }
            result = setLineQuantity(cart, target?.id ?? LineId.make("item_missing"), command.quantity, change)
            break
          }
          case "Remove": {
            expectAccepted = target !== undefined
            if (target !== undefined) model.delete(target.variantId)
            result = removeLine(cart, target?.id ?? LineId.make("item_missing"), change)
            break
          }
          case "Note":
            expectAccepted = true
            result = setNote(cart, command.note, change)
            break
          case "Pay":
            expectAccepted = true
            result = setPaymentMethod(cart, command.paymentMethod, change)
            break
        }
        expect(Result.isSuccess(result)).toBe(expectAccepted)
        if (Result.isSuccess(result)) {
          const next = result.success
          expect(next.version).toBe(cart.version + 1)
          expect(next.updatedAt).toEqual(change.now)
          expect(next.expiresAt.getTime()).toBe(change.now.getTime() + TTL_DAYS * DAY)
          expect(next.createdAt).toEqual(cart.createdAt)
          cart = next
        }
        expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([...model.entries()])
        expect(cart.lines.every((l) => isQuantity(l.quantity))).toBe(true)
      })
      expect(Schema.is(Cart)(cart)).toBe(true)
    }
  )
})

describe("addresses, shipping method, payment, note, coupon", () => {
  it("setting the shipping address clears the shipping method; billing does not", () => {
    const withAddress = ok(setShippingAddress(newCart([line("var_a", 1)]), dhaka, start))
    const withMethod = ok(setShippingMethod(withAddress, { method: makeShippingMethod(), zoneRules }, later(1)))
    expect(withMethod.shippingMethodId).toBe("shm_standard")
    expect(ok(setBillingAddress(withMethod, dhaka, later(2))).shippingMethodId).toBe("shm_standard")
    const moved = ok(setShippingAddress(withMethod, { ...dhaka, city: "Sylhet" }, later(2)))
    expect(moved.shippingMethodId).toBe("")
    expect(moved.shippingAddress?.city).toBe("Sylhet")
    expect(moved.version).toBe(withMethod.version + 1)
  })

  it("setShippingMethod needs the cart's shop, a shipping address and a zone for that address", () => {
    const cart = newCart([line("var_a", 1)])
    const method = makeShippingMethod({ zones: [makeShippingMethod().zones[0]!] }) // inside_city only
    expect(failureTag(setShippingMethod(cart, { method, zoneRules }, start))).toBe("ShippingAddressRequired")
    const inside = ok(setShippingAddress(cart, dhaka, start))
    expect(failureTag(setShippingMethod(inside, { method: { ...method, shopId: ShopId.make("shop_2") }, zoneRules }, start)))
      .toBe("ShippingMethodNotFound")
    expect(ok(setShippingMethod(inside, { method, zoneRules }, start)).shippingMethodId).toBe(method.id)
    const outside = ok(setShippingAddress(cart, { ...dhaka, city: "Sylhet" }, start))
    expect(failureTag(setShippingMethod(outside, { method, zoneRules }, start))).toBe("ShippingUnavailableForZone")
  })

  it("payment method and note are stored", () => {
    const cart = ok(setNote(ok(setPaymentMethod(newCart(), "prepaid", start)), "Ring twice", later(1)))
    expect(cart.paymentMethod).toBe("prepaid")
    expect(cart.customerNote).toBe("Ring twice")
    expect(cart.version).toBe(3)
  })

  const coupon: Coupon = {
    code: "WINTER10", shopId: ShopId.make("shop_1"), type: "percentage", value: basisPoints(10), minSubtotal: minor(0), startsAt: null, endsAt: null,
    usageLimit: null, usageCount: 0
  }

  it("applyCoupon stores the coupon's own code; removeCoupon clears it", () => {
    const cart = ok(applyCoupon(newCart(), { requestedCode: "winter10", coupon, subtotal: minor(10_000) }, start))
    expect(cart.couponCode).toBe("WINTER10")
    expect(ok(removeCoupon(cart, later(1))).couponCode).toBe("")
  })

  it("applyCoupon rejects an ineligible coupon and leaves the cart as it was", () => {
    const cart = newCart()
    const notFound = applyCoupon(cart, { requestedCode: "NOPE", coupon: null, subtotal: minor(10_000) }, start)
    expect(failureTag(notFound)).toBe("CouponInvalid")
    if (Result.isFailure(notFound) && notFound.failure._tag === "CouponInvalid") {
      expect(notFound.failure.reason).toBe("not_found")
    }
    const otherShop = applyCoupon(cart, { requestedCode: "WINTER10", coupon: { ...coupon, shopId: ShopId.make("shop_2") }, subtotal: minor(1) }, start)
    expect(Result.isFailure(otherShop) && otherShop.failure._tag === "CouponInvalid" && otherShop.failure.reason).toBe("wrong_shop")
    expect(cart.couponCode).toBe("")
  })
})

describe("ownership", () => {
  it("a guest cart is claimed by the first signed-in customer", () => {
    const guest = newCart([line("var_a", 1)])
    const claimed = ok(claimByCustomer(guest, CustomerId.make("cus_1"), later(5)))
    expect(claimed.customerId).toBe("cus_1")
    expect(claimed.version).toBe(guest.version + 1)
    expect(ok(claimByCustomer(claimed, CustomerId.make("cus_1"), later(6)))).toBe(claimed)
    expect(failureTag(claimByCustomer(claimed, CustomerId.make("cus_2"), later(6)))).toBe("CartNotFound")
  })

  it("a customer's cart is hidden from everyone else; a guest cart from no one", () => {
    const owned = newCart([], "cus_1")
    expect(failureTag(assertAccessibleBy(owned, null))).toBe("CartNotFound")
    expect(failureTag(assertAccessibleBy(owned, CustomerId.make("cus_2")))).toBe("CartNotFound")
    expect(failureTag(assertAccessibleBy(owned, CustomerId.make("cus_1")))).toBe("success")
    expect(failureTag(assertAccessibleBy(newCart(), null))).toBe("success")
    expect(failureTag(assertAccessibleBy(newCart(), CustomerId.make("cus_2")))).toBe("success")
  })

  it("a completed or expired guest cart is not claimed", () => {
    const completed = ok(completeCart(newCart([line("var_a", 1)]), start))
    expect(ok(claimByCustomer(completed, CustomerId.make("cus_1"), later(1))).customerId).toBe(null)
    expect(ok(claimByCustomer(newCart(), CustomerId.make("cus_1"), later(TTL_DAYS * DAY))).customerId).toBe(null)
  })
})

describe("lifecycle", () => {
  it("expires TTL days after the last change, and every change restarts the clock", () => {
    const cart = newCart([line("var_a", 1, "item_1")])
    const lastMoment = later(TTL_DAYS * DAY - 1)
    const expiredMoment = later(TTL_DAYS * DAY)
    expect(failureTag(assertMutable(cart, lastMoment.now))).toBe("success")
    expect(failureTag(assertMutable(cart, expiredMoment.now))).toBe("CartExpired")
    expect(failureTag(assertNotExpired(cart, expiredMoment.now))).toBe("CartExpired")
    expect(failureTag(addLine(cart, line("var_b", 1), expiredMoment))).toBe("CartExpired")
    expect(failureTag(setLineQuantity(cart, LineId.make("item_1"), 2, expiredMoment))).toBe("CartExpired")
    const touched = ok(setNote(cart, "still here", lastMoment))
    expect(failureTag(assertMutable(touched, expiredMoment.now))).toBe("success")
  })

  it("a completed cart rejects every change but stays readable", () => {
    const completed = ok(completeCart(newCart([line("var_a", 1, "item_1")]), start))
    expect(completed.status).toBe("completed")
    expect(failureTag(addLine(completed, line("var_b", 1), later(1)))).toBe("CartCompleted")
    expect(failureTag(setLineQuantity(completed, LineId.make("item_1"), 2, later(1)))).toBe("CartCompleted")
    expect(failureTag(removeLine(completed, LineId.make("item_1"), later(1)))).toBe("CartCompleted")
    expect(failureTag(setShippingAddress(completed, dhaka, later(1)))).toBe("CartCompleted")
    expect(failureTag(setPaymentMethod(completed, "prepaid", later(1)))).toBe("CartCompleted")
    expect(failureTag(removeCoupon(completed, later(1)))).toBe("CartCompleted")
    expect(failureTag(completeCart(completed, later(1)))).toBe("CartCompleted")
    expect(failureTag(assertNotExpired(completed, later(TTL_DAYS * DAY * 2).now))).toBe("success")
  })

  it("checkout needs lines, a shipping address, and a method when something ships", () => {
    const needsShipping = { anyLineRequiresShipping: true }
    expect(failureTag(assertReadyForCheckout(newCart(), needsShipping, start.now))).toBe("CartEmpty")
    const withLine = newCart([line("var_a", 1)])
    expect(failureTag(assertReadyForCheckout(withLine, needsShipping, start.now))).toBe("ShippingAddressRequired")
    const withAddress = ok(setShippingAddress(withLine, dhaka, start))
    expect(failureTag(assertReadyForCheckout(withAddress, needsShipping, start.now))).toBe("ShippingMethodRequired")
    expect(failureTag(assertReadyForCheckout(withAddress, { anyLineRequiresShipping: false }, start.now))).toBe("success")
    const ready = ok(setShippingMethod(withAddress, { method: makeShippingMethod(), zoneRules }, start))
    expect(failureTag(assertReadyForCheckout(ready, needsShipping, start.now))).toBe("success")
  })

  it("If-Match: only the current version passes", () => {
    const cart = ok(setNote(newCart(), "x", start))
    expect(failureTag(assertVersion(cart, 2))).toBe("success")
    expect(failureTag(assertVersion(cart, 1))).toBe("CartVersionMismatch")
  })
})
