/**
 * The contract of every OrderRepository: order numbers are unique digits from 100000 up; orders
 * round-trip whole; a customer's orders are listed newest first, a page at a time, only in the
 * given shops; another customer's order, or one of another shop, is not found; a guest order is
 * shown only through a contact the viewer proved (domain/order/order-visibility.ts).
 */
import { expect } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { type GuestContact, type Order, untracked } from "../../domain/order/order.ts"
import type { OrderViewer } from "../../domain/order/order-visibility.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { AddressInput } from "../../domain/shipping/address.ts"
import { CartId, CustomerId, LineId, OrderId, ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import { minor } from "../support/units.ts"
import { portContract } from "./account-store-fixtures.ts"

const address = Schema.decodeUnknownSync(AddressInput)({
  name: "Karima Begum", phone: "01711000002", city: "Dhaka", note: "Call first"
})

/** Any order token's hash: these orders are looked up by their customers. */
const TOKEN_HASH = "hash-of-an-order-token"

/** A viewer who proved no contact: sees only the orders placed signed in. */
const viewer = (customerId: string, proven: Partial<OrderViewer> = {}): OrderViewer => ({
  customerId: CustomerId.make(customerId), verifiedEmail: null, verifiedPhone: null, ...proven
})

export const newOrder = (customerId: string, shopId: string, createdAt: string, guestContact: GuestContact | null = null) =>
  Effect.gen(function*() {
    const ids = yield* IdGenerator
    const orders = yield* OrderRepository
    const order: Order = {
      id: OrderId.make(yield* ids.next("ord")),
      orderNumber: yield* orders.nextOrderNumber,
      shopId: ShopId.make(shopId),
      customerId: CustomerId.make(customerId),
      cartId: CartId.make(yield* ids.next("cart")),
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      customerNotes: "Please gift-wrap",
      couponCode: "SAVE10",
      subtotal: minor(4_999_999_000),
      discountTotal: minor(499_999_900),
      shippingFee: minor(12_000),
      codFee: minor(675_001),
      total: minor(4_500_686_101),
      amountPaid: minor(0),
      shippingAddress: address,
      billingAddress: null,
      shippingMethodId: "sm_a_standard",
      shippingMethodName: "Standard",
      tracking: untracked,
      guestContact,
      lines: [
        {
          id: LineId.make(yield* ids.next("item")),
          variantId: VariantId.make("var_snapshot"),
          productId: ProductId.make("prod_snapshot"),
          productName: "Premium Phone X",
          productSku: "FIX-4",
          variantSku: "FIX-4-2",
          images: ["https://img.example.com/x.jpg"],
          optionValues: { pack_size: "Large", Color: "Black" },
          quantity: 999,
          unitPrice: minor(5_005_005),
          compareAtPrice: minor(5_500_000),
          lineTotal: minor(4_999_999_995)
        },
        {
          id: LineId.make(yield* ids.next("item")),
          variantId: VariantId.make("var_other"),
          productId: ProductId.make("prod_other"),
          productName: "Kids Tee",
          productSku: "FIX-7",
          variantSku: "FIX-7-1",
          images: [],
          optionValues: {},
          quantity: 1,
          unitPrice: minor(30_000),
          compareAtPrice: minor(30_000),
          lineTotal: minor(30_000)
        }
      ],
      cancellation: null,
      createdAt: new Date(createdAt)
    }
    return order
  })

export const orderRepositoryContract = portContract(OrderRepository, "OrderRepository", {
  "order numbers are distinct digit strings from 100000 up": (orders) =>
    Effect.gen(function*() {
      const numbers = yield* Effect.all(Array.from({ length: 20 }, () => orders.nextOrderNumber), { concurrency: 5 })
      expect(new Set(numbers).size).toBe(20)
      for (const number of numbers) {
        expect(number).toMatch(/^\d+$/)
        expect(Number(number)).toBeGreaterThanOrEqual(100_000)
      }
    }),

  "an order reads back whole for its customer in its shop, and for nobody else": (orders) =>
    Effect.gen(function*() {
      const order = yield* newOrder("cus_roundtrip", "shop_a", "2026-03-01T10:00:00.000Z")
      yield* orders.insert(order, TOKEN_HASH)
      expect(Option.getOrThrow(yield* orders.findForCustomer(order.id, viewer("cus_roundtrip"), [ShopId.make("shop_b"), ShopId.make("shop_a")]))).toEqual(order)
      expect(Option.isNone(yield* orders.findForCustomer(order.id, viewer("cus_other"), [ShopId.make("shop_a")]))).toBe(true)
      expect(Option.isNone(yield* orders.findForCustomer(order.id, viewer("cus_roundtrip"), [ShopId.make("shop_b")]))).toBe(true)
      expect(Option.isNone(yield* orders.findForCustomer(OrderId.make("ord_unknown"), viewer("cus_roundtrip"), [ShopId.make("shop_a")]))).toBe(true)
    }),

  "a customer's orders are listed newest first, a page at a time, in the given shops": (orders) =>
    Effect.gen(function*() {
      const placed: Array<Order> = []
      for (const [shopId, createdAt] of [
        ["shop_a", "2026-03-01T10:00:00.000Z"],
        ["shop_b", "2026-03-02T10:00:00.000Z"],
        ["shop_a", "2026-03-03T10:00:00.000Z"],
        ["shop_a", "2026-03-03T10:00:00.000Z"],
        ["shop_a", "2026-03-04T10:00:00.000Z"]
      ] as const) {
        const order = yield* newOrder("cus_lister", shopId, createdAt)
        yield* orders.insert(order, TOKEN_HASH)
        placed.push(order)
      }
      yield* orders.insert(yield* newOrder("cus_someone_else", "shop_a", "2026-03-05T10:00:00.000Z"), TOKEN_HASH)
      const inA = placed.filter((order) => order.shopId === "shop_a")
      // same instant: the later order number first
      const expected = [inA[3], inA[2], inA[1], inA[0]].map((order) => order?.id)
      const first = yield* orders.listForCustomer({ viewer: viewer("cus_lister"), shopIds: [ShopId.make("shop_a")], page: 1, limit: 3 })
      const second = yield* orders.listForCustomer({ viewer: viewer("cus_lister"), shopIds: [ShopId.make("shop_a")], page: 2, limit: 3 })
      expect(first.total).toBe(4)
      expect(second.total).toBe(4)
      expect([...first.orders, ...second.orders].map((order) => order.id)).toEqual(expected)
      expect(first.orders[0]).toEqual(inA[3])
      const beyond = yield* orders.listForCustomer({ viewer: viewer("cus_lister"), shopIds: [ShopId.make("shop_a")], page: 9, limit: 3 })
      expect(beyond).toEqual({ orders: [], total: 4 })
      const both = yield* orders.listForCustomer({ viewer: viewer("cus_lister"), shopIds: [ShopId.make("shop_a"), ShopId.make("shop_b")], page: 1, limit: 50 })
      expect(both.total).toBe(5)
      const none = yield* orders.listForCustomer({ viewer: viewer("cus_nobody"), shopIds: [ShopId.make("shop_a")], page: 1, limit: 50 })
      expect(none).toEqual({ orders: [], total: 0 })
    }),

  "a guest order is shown to its customer only through the contact they proved": (orders) =>
    Effect.gen(function*() {
      const contact = { email: "guest@example.com", phone: "+8801711000002" }
      const guestOrder = yield* newOrder("cus_guest", "shop_a", "2026-03-10T10:00:00.000Z", contact)
      const signedIn = yield* newOrder("cus_guest", "shop_a", "2026-03-11T10:00:00.000Z")
      yield* orders.insert(guestOrder, TOKEN_HASH)
      yield* orders.insert(signedIn, TOKEN_HASH)
      const seen = (who: OrderViewer) =>
        Effect.map(orders.listForCustomer({ viewer: who, shopIds: [ShopId.make("shop_a")], page: 1, limit: 50 }), (page) =>
          [page.total, page.orders.map((order) => order.id)] as const)
      expect(yield* seen(viewer("cus_guest"))).toEqual([1, [signedIn.id]])
      expect(yield* seen(viewer("cus_guest", { verifiedEmail: "other@example.com", verifiedPhone: "+8801700000000" })))
        .toEqual([1, [signedIn.id]])
      expect(yield* seen(viewer("cus_guest", { verifiedEmail: "guest@example.com" }))).toEqual([2, [signedIn.id, guestOrder.id]])
      expect(yield* seen(viewer("cus_guest", { verifiedPhone: "+8801711000002" }))).toEqual([2, [signedIn.id, guestOrder.id]])
      expect(yield* seen(viewer("cus_stranger", { verifiedPhone: "+8801711000002" }))).toEqual([0, []])
      expect(Option.isNone(yield* orders.findForCustomer(guestOrder.id, viewer("cus_guest"), [ShopId.make("shop_a")]))).toBe(true)
      expect(Option.getOrThrow(yield* orders.findForCustomer(guestOrder.id, viewer("cus_guest", { verifiedPhone: "+8801711000002" }), [ShopId.make("shop_a")])))
        .toEqual(guestOrder)
    })
})
