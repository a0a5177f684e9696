import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { type Cart, createCart } from "../../../domain/cart/cart.ts"
import { setNote, setShippingAddress } from "../../../domain/cart/cart-checkout-details.ts"
import { placeOrder, trackingNumberOf } from "../../../domain/order/order.ts"
import type { Address } from "../../../domain/shipping/address.ts"
import { CartId, CustomerId, LineId, OrderId, ProductId, ShopId, VariantId } from "../../../domain/shared/ids.ts"
import { minor } from "../../support/units.ts"

const change = { now: new Date("2026-03-01T10:00:00.000Z"), ttlDays: 30 }
const address: Address = {
  name: "Rahim", phone: "01711000000", house: "", road: "", thana: "", district: "", division: "", city: "Dhaka",
  postcode: "", country: "", note: "", email: ""
}
const totals = { subtotal: minor(3_000), couponDiscount: minor(300), discountTotal: minor(300), shippingFee: minor(6_000), codFee: minor(131), total: minor(8_831), itemCount: 2 }

const readyCart = (note: string) => {
  const created = Result.getOrThrow(createCart({
    id: CartId.make("cart_1"),
    shopId: ShopId.make("shop_1"),
    customerId: null,
    lines: [{ lineId: LineId.make("item_a"), variantId: VariantId.make("var_a"), productId: ProductId.make("prod_a"), quantity: 2 }]
  }, change))
  const withAddress = Result.getOrThrow(setShippingAddress(created, address, change))
  const cart: Cart = { ...Result.getOrThrow(setNote(withAddress, note, change)), couponCode: "SAVE10", shippingMethodId: "sm_1" }
  return { ...cart, shippingAddress: address }
}

/** placeOrder of customer cus_1's ready cart with `note`, by "Standard" shipping, at change.now. */
const place = (note: string, fields: { id: string; orderNumber: string; totals: typeof totals; couponApplied: boolean }) =>
  placeOrder({
    ...fields,
    id: OrderId.make(fields.id),
    customerId: CustomerId.make("cus_1"),
    guestContact: null,
    cart: readyCart(note),
    lines: [],
    shippingMethodName: "Standard",
    now: change.now
  })

describe("placeOrder", () => {
  it("a pending, unpaid, untracked order with the cart's address, note, payment method and totals", () => {
    const order = place("Leave at the door", { id: "ord_1", orderNumber: "100000", totals, couponApplied: true })
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      customerNotes: "Leave at the door",
      couponCode: "SAVE10",
      subtotal: minor(3_000),
      discountTotal: minor(300),
      shippingFee: minor(6_000),
      codFee: minor(131),
      total: minor(8_831),
      amountPaid: minor(0),
      shippingAddress: address,
      shippingMethodId: "sm_1",
      shippingMethodName: "Standard",
      cartId: "cart_1",
      customerId: "cus_1"
    })
    expect(trackingNumberOf(order)).toBeNull()
  })

  it("no note is null; a coupon that gave nothing is not recorded", () => {
    const order = place("", {
      id: "ord_2",
      orderNumber: "100001",
      totals: { ...totals, couponDiscount: minor(0), discountTotal: minor(0) },
      couponApplied: false
    })
    expect(order.customerNotes).toBeNull()
    expect(order.couponCode).toBe("")
  })
})
