/**
 * Checkout and order history (docs/contract/cart.md checkout, docs/contract/orders.md) through the real server on the SQL
 * adapter over every test engine: a guest and a signed-in customer from an empty cart to an
 * order in their history, every checkout error, coupon and stock re-validation, Idempotency-Key
 * on creation and checkout, the order routes' scoping and errors. On PostgreSQL (DATABASE_URL)
 * also the races: concurrent "+1" on one line, the last unit checked out 20 times at once, and
 * 10 concurrent checkouts with one Idempotency-Key.
 */
import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { Inventory } from "../../application/cart/inventory.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { freshPhone, post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { buyingTestEngines, createCart, DHAKA_ADDRESS, expectCart, SHOP_B_KEY } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { type Caller, expectDecoded, expectProblem, type HttpResult, serverSuites } from "../support/store-http.ts"
import { storeClient, storeRequest } from "../support/store-http.ts"
import { CustomerId, OrderId, ShippingMethodId, ShopId } from "../../domain/shared/ids.ts"

interface OrderItemBody {
  readonly id: string
  readonly quantity: number
  readonly price: number
  readonly lineTotal: number
  readonly productVariant: {
    readonly id: string
    readonly sku: string
    readonly images: ReadonlyArray<string>
    readonly optionValues: Readonly<Record<string, string>>
    readonly product: { readonly id: string; readonly name: string; readonly sku: string }
  }
}

interface OrderBody {
  readonly id: string
  readonly orderNumber: string
  readonly status: string
  readonly paymentStatus: string | null
  readonly paymentMethod: string | null
  readonly trackingNumber: string | null
  readonly customerNotes: string | null
  readonly subtotal: number
  readonly discountTotal: number
  readonly shippingFee: number
  readonly codFee: number
  readonly totalPrice: number
  readonly amountPaid: number
  readonly items: ReadonlyArray<OrderItemBody>
  readonly createdAt: string
  readonly couponCode: string
  readonly shippingAddress?: Readonly<Record<string, string>>
  readonly tracking?: Readonly<Record<string, string>>
}

const variantId = (sku: string) => Effect.map(fixtureVariant(sku), ({ variant }) => variant.id)

const stockOf = (sku: string) =>
  Effect.gen(function*() {
    const id = yield* variantId(sku)
    const found = yield* (yield* Inventory).variantsForShop(ShopId.make("shop_a"), [id])
    return found.get(id)?.stock
  })

const expectOrder = (response: HttpResult) => {
  expect(response.status, response.text).toBe(201)
  expect(response.headers["content-type"]).toMatch(/^application\/json/)
  return response.body as OrderBody
}

/** A shop-A cart with the items, a Dhaka address and the standard shipping method, ready to check out. */
const readyCart = (
  items: ReadonlyArray<{ readonly sku: string; readonly quantity: number }>,
  caller: Caller = {},
  address: Record<string, string> = DHAKA_ADDRESS
) =>
  Effect.gen(function*() {
    const lines = []
    for (const item of items) lines.push({ variantId: yield* variantId(item.sku), quantity: item.quantity })
    const { cart } = yield* createCart({ items: lines }, caller)
    expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, address, caller))
    return yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") }, caller)
  })

/** Waits until the catalog read model (which serves shipping methods) shows the change. */
const untilShippingMethodChanged = (methodId: string, changed: (method: { readonly zones: ReadonlyArray<unknown> }) => boolean) =>
  Effect.gen(function*() {
    for (let attempt = 0; attempt < 100; attempt++) {
      const listed = yield* storeRequest("GET", "/shop/shipping-methods?shopId=shop_a")
      const methods = (listed.body as { methods: ReadonlyArray<{ id: string; zones: ReadonlyArray<unknown> }> }).methods
      const method = methods.find((candidate) => candidate.id === methodId)
      if (method !== undefined && changed(method)) return
      yield* Effect.sleep("50 millis")
    }
    return yield* Effect.die(new Error(`the read model never showed the change of ${methodId}`))
  })

const checkout = (cartId: string, caller: Caller = {}, body?: unknown) =>
  storeRequest("POST", `/cart/${cartId}/checkout`, body, caller)

const ordersOf = (accessToken: string, query = "", key?: string) =>
  storeRequest("GET", `/customers/me/orders${query}`, undefined, { accessToken, ...(key === undefined ? {} : { key }) })

/** The customer's order history (typed client: 200, the declared page shape). */
const historyOf = (accessToken: string, query: { readonly page?: number; readonly limit?: number } = {}, key?: string) =>
  Effect.gen(function*() {
    const client = yield* storeClient({ accessToken, ...(key === undefined ? {} : { key }) })
    return expectDecoded(yield* client.orders.listOrders({ query, responseMode: "decoded-and-response" }))
  })

/** One of the customer's orders (typed client: 200, the declared order shape). */
const orderOf = (accessToken: string, orderId: string) =>
  Effect.gen(function*() {
    const client = yield* storeClient({ accessToken })
    return expectDecoded(yield* client.orders.getOrder({ params: { orderId: OrderId.make(orderId) }, responseMode: "decoded-and-response" }))
  })

serverSuites(buyingTestEngines(), "checkout and orders over HTTP", (it, engine) => {
  describe("POST /cart/{id}/checkout", () => {
    it.effect("201: a pending unpaid order with the cart's lines, address, note and totals; the cart is completed; stock and sales move", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const linen = yield* fixtureVariant("FIX-6-1")
        const stockBefore = yield* stockOf("FIX-6-1")
        const ready = yield* readyCart([{ sku: "FIX-6-1", quantity: 2 }])
        yield* cartRoutes.setNote({ cartId: ready.cart.id }, { note: "Leave with the guard" })
        yield* cartRoutes.applyCoupon({ cartId: ready.cart.id }, { code: "save10" })
        const shown = (yield* cartRoutes.get(ready.cart.id)).cart
        const order = expectOrder(yield* checkout(ready.cart.id))
        expect(order).toEqual({
          id: expect.stringMatching(/^ord_/),
          orderNumber: expect.stringMatching(/^\d{6,}$/),
          status: "pending",
          paymentStatus: "unpaid",
          paymentMethod: "cod",
          trackingNumber: null,
          customerNotes: "Leave with the guard",
          subtotal: 3000,
          discountTotal: 300,
          shippingFee: 60,
          codFee: 41.4,
          totalPrice: 2801.4,
          amountPaid: 0,
          items: [{
            id: expect.stringMatching(/^item_/),
            quantity: 2,
            price: 1500,
            lineTotal: 3000,
            productVariant: {
              id: linen.variant.id,
              sku: "FIX-6-1",
              images: [],
              optionValues: {},
              product: { id: linen.product.id, name: "Linen Shirt 100%_off", sku: "FIX-6" }
            }
          }],
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          shopId: "shop_a",
          couponCode: "SAVE10",
          shippingMethodId: "sm_a_standard",
          shippingMethodName: "Standard",
          shippingAddress: {
            name: "Rahim Uddin", phone: "+880 1711-000000", house: "12", road: "Lake Road", thana: "", district: "",
            division: "", city: "Dhaka", postcode: "1212", country: "", note: "Ring twice"
          },
          billingAddress: null,
          tracking: { courierName: "", status: "", trackingNumber: "", trackingUrl: "" },
          cancelledAt: null,
          cancellationReason: null,
          orderToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)
        })
        expect(Number(order.orderNumber)).toBeGreaterThanOrEqual(100_000)
        expect(order.totalPrice).toBe(shown.total)
        const completed = (yield* cartRoutes.get(ready.cart.id)).cart
        expect(completed.status).toBe("completed")
        expect(yield* stockOf("FIX-6-1")).toBe((stockBefore ?? 0) - 2)
        const sales = yield* sql<{ salesCount: number }>`SELECT sales_count FROM products WHERE id = ${linen.product.id}`
        expect(sales[0]?.salesCount).toBe(linen.product.salesCount + 2)
        const coupon = yield* sql<{ usageCount: number }>`SELECT usage_count FROM coupons WHERE code = 'SAVE10'`
        expect(coupon[0]?.usageCount).toBeGreaterThanOrEqual(1)
      }))

    it.effect("a completed cart rejects changes and a second checkout with 409 cart_completed", () =>
      Effect.gen(function*() {
        const ready = yield* readyCart([{ sku: "FIX-7-1", quantity: 1 }])
        yield* cartRoutes.checkout(ready.cart.id, {}, {})
        expectProblem(yield* checkout(ready.cart.id), 409, "cart_completed")
        expectProblem(yield* storeRequest("PUT", `/cart/${ready.cart.id}/notes`, { note: "late" }), 409, "cart_completed")
        expectProblem(yield* storeRequest("DELETE", `/cart/${ready.cart.id}/coupon`), 409, "cart_completed")
      }))

    it.effect("422 cart_empty, shipping_address_required, shipping_method_required; 404 cart_not_found; 412 on a stale If-Match", () =>
      Effect.gen(function*() {
        const empty = yield* createCart({})
        expectProblem(yield* checkout(empty.cart.id), 422, "cart_empty")
        const linen = yield* variantId("FIX-6-1")
        const noAddress = yield* createCart({ items: [{ variantId: linen, quantity: 1 }] })
        expectProblem(yield* checkout(noAddress.cart.id), 422, "shipping_address_required")
        expectCart(yield* storeRequest("PUT", `/cart/${noAddress.cart.id}/shipping-address`, DHAKA_ADDRESS))
        expectProblem(yield* checkout(noAddress.cart.id), 422, "shipping_method_required")
        expectProblem(yield* checkout("cart_nope"), 404, "cart_not_found")
        const ready = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
        expectProblem(yield* checkout(ready.cart.id, { ifMatch: "\"1\"" }), 412, "cart_version_mismatch")
        expectProblem(yield* checkout(ready.cart.id, {}, { express: true }), 400, "validation_failed")
        expect((yield* cartRoutes.get(ready.cart.id)).cart.status).toBe("active")
        yield* cartRoutes.checkout(ready.cart.id, { ifMatch: ready.etag })
      }))

    it.effect("a cart where nothing ships needs no shipping method and pays no shipping", () =>
      Effect.gen(function*() {
        const gift = yield* variantId("FIX-GIFT-1")
        const { cart } = yield* createCart({ items: [{ variantId: gift, quantity: 3 }] })
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS))
        const order = yield* cartRoutes.checkout(cart.id)
        expect(order).toMatchObject({ subtotal: 1500, shippingFee: 0, codFee: 0, totalPrice: 1500, shippingMethodName: "" })
      }))

    it.effect("stock, visibility, zone and coupon are checked again at checkout; nothing is taken when one fails", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const phone = yield* fixtureVariant("FIX-4-1")
        const short = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }, { sku: "FIX-4-1", quantity: 2 }])
        const linenBefore = yield* stockOf("FIX-6-1")
        yield* sql`UPDATE variants SET stock = 1 WHERE id = ${phone.variant.id}`
        const insufficient = yield* checkout(short.cart.id)
        expectProblem(insufficient, 409, "insufficient_stock")
        expect(insufficient.body).toMatchObject({ variantId: phone.variant.id, requested: 2, available: 1 })
        expect(yield* stockOf("FIX-6-1")).toBe(linenBefore)
        expect((yield* cartRoutes.get(short.cart.id)).cart.status).toBe("active")
        yield* sql`UPDATE variants SET stock = 5 WHERE id = ${phone.variant.id}`

        yield* sql`UPDATE products SET enabled = false WHERE id = ${phone.product.id}`
        expectProblem(yield* checkout(short.cart.id), 404, "variant_not_found")
        yield* sql`UPDATE products SET enabled = true WHERE id = ${phone.product.id}`

        const coupon = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
        yield* cartRoutes.applyCoupon({ cartId: coupon.cart.id }, { code: "FLAT50" })
        yield* sql`UPDATE coupons SET ends_at = now() - interval '1 minute' WHERE code = 'Flat50'`
        const expired = yield* checkout(coupon.cart.id)
        expectProblem(expired, 422, "coupon_invalid")
        expect(expired.body).toMatchObject({ reason: "expired" })
        yield* sql`UPDATE coupons SET ends_at = NULL WHERE code = 'Flat50'`

        const cityOnly = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
        yield* cartRoutes.setShippingMethod({ cartId: cityOnly.cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_city_only") })
        yield* sql`UPDATE shipping_methods SET zones = '[]' WHERE id = 'sm_a_city_only'`
        yield* untilShippingMethodChanged("sm_a_city_only", (method) => method.zones.length === 0)
        const zoneless = yield* checkout(cityOnly.cart.id)
        expectProblem(zoneless, 422, "shipping_unavailable_for_zone")
        expect(zoneless.body).toMatchObject({ zoneType: "inside_city" })
      }))

    it.effect("a coupon whose minimum is no longer met gives no discount and is not used", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const linen = yield* variantId("FIX-6-1")
        const ready = yield* readyCart([{ sku: "FIX-GIFT-1", quantity: 1 }])
        yield* cartRoutes.addItem({ cartId: ready.cart.id }, { variantId: linen, quantity: 1 })
        yield* cartRoutes.applyCoupon({ cartId: ready.cart.id }, { code: "SAVE10" })
        const lineId = (yield* cartRoutes.get(ready.cart.id)).cart.items.find((item) => item.variantId === linen)?.id ?? ""
        yield* cartRoutes.removeItem({ cartId: ready.cart.id, itemId: lineId })
        const before = yield* sql<{ usageCount: number }>`SELECT usage_count FROM coupons WHERE code = 'SAVE10'`
        const order = yield* cartRoutes.checkout(ready.cart.id)
        expect(order).toMatchObject({ subtotal: 500, discountTotal: 0, shippingFee: 0, couponCode: "" })
        const after = yield* sql<{ usageCount: number }>`SELECT usage_count FROM coupons WHERE code = 'SAVE10'`
        expect(after[0]?.usageCount).toBe(before[0]?.usageCount)
      }))

    it.effect("coupon uses are counted at checkout and the limit holds: the third checkout with TWICE is 422", () =>
      Effect.gen(function*() {
        const carts = []
        for (let index = 0; index < 3; index++) {
          const ready = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
          yield* cartRoutes.applyCoupon({ cartId: ready.cart.id }, { code: "twice" })
          carts.push(ready.cart.id)
        }
        for (const cartId of carts.slice(0, 2)) expect((yield* cartRoutes.checkout(cartId)).discountTotal).toBe(150)
        const third = yield* checkout(carts[2] ?? "")
        expectProblem(third, 422, "coupon_invalid")
        expect(third.body).toMatchObject({ reason: "usage_limit_reached" })
        const fresh = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
        const applied = yield* storeRequest("PUT", `/cart/${fresh.cart.id}/coupon`, { code: "TWICE" })
        expectProblem(applied, 422, "coupon_invalid")
        expect(applied.body).toMatchObject({ reason: "usage_limit_reached" })
      }))

    it.effect("a guest order belongs to the customer with the shipping phone, or to a new password-less one", () =>
      Effect.gen(function*() {
        const customers = yield* CustomerRepository
        const orders = yield* OrderRepository
        const chat = Option.getOrThrow(yield* customers.findByPhone("+8801711000009"))
        const known = yield* readyCart([{ sku: "FIX-GIFT-1", quantity: 1 }], {}, { ...DHAKA_ADDRESS, phone: "+880 1711-000009" })
        const knownOrder = yield* cartRoutes.checkout(known.cart.id)
        // shown to that customer once they prove the phone (domain/order/order-visibility.ts)
        const chatViewer = { customerId: chat.id, verifiedEmail: null, verifiedPhone: "+8801711000009" }
        const chatOrders = yield* orders.listForCustomer({ viewer: chatViewer, shopIds: [ShopId.make("shop_a")], page: 1, limit: 50 })
        expect(chatOrders.orders.map((order) => order.id)).toContain(knownOrder.id)

        const phone = freshPhone()
        const stranger = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }], {}, { ...DHAKA_ADDRESS, name: "  New Guest ", phone })
        const strangerOrder = yield* cartRoutes.checkout(stranger.cart.id)
        const created = Option.getOrThrow(yield* customers.findByPhone(phone))
        expect(created).toMatchObject({ name: "New Guest", email: null, passwordHash: null })
        const createdViewer = { customerId: created.id, verifiedEmail: null, verifiedPhone: created.phone }
        expect(Option.isSome(yield* orders.findForCustomer(OrderId.make(strangerOrder.id), createdViewer, [ShopId.make("shop_a")]))).toBe(true)
      }))
    it.effect("a guest order with a shipping email belongs to the customer with that email, whatever the phone", () =>
      Effect.gen(function*() {
        const customers = yield* CustomerRepository
        const orders = yield* OrderRepository
        const email = `guest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
        const first = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }], {}, { ...DHAKA_ADDRESS, phone: freshPhone(), email })
        expect(first.cart.shippingAddress.email).toBe(email)
        const firstOrder = yield* cartRoutes.checkout(first.cart.id)
        const created = Option.getOrThrow(yield* customers.findByEmail(Option.getOrThrow(Option.fromNullishOr(parseEmail(email)))))
        expect(created).toMatchObject({ email, passwordHash: null })
        // the same email in other letter case, with another phone: the same customer
        const second = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }], {}, {
          ...DHAKA_ADDRESS,
          phone: freshPhone(),
          email: email.toUpperCase()
        })
        const secondOrder = yield* cartRoutes.checkout(second.cart.id)
        const emailViewer = { customerId: created.id, verifiedEmail: created.email, verifiedPhone: null }
        const listed = yield* orders.listForCustomer({ viewer: emailViewer, shopIds: [ShopId.make("shop_a")], page: 1, limit: 50 })
        expect(listed.orders.map((order) => order.id).sort()).toEqual([firstOrder.id, secondOrder.id].sort())
        expectProblem(
          yield* storeRequest("PUT", `/cart/${second.cart.id}/shipping-address`, { ...DHAKA_ADDRESS, email: "not-an-email" }),
          400,
          "validation_failed"
        )
      }))
  })

  describe("Idempotency-Key", () => {
    it.effect("cart creation: the same key and body replay the first response; another body is 422; over 255 chars is 400", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const key = crypto.randomUUID()
        const body = { items: [{ variantId: linen, quantity: 1 }] }
        const first = yield* storeRequest("POST", "/cart", body, { idempotencyKey: key })
        const replay = yield* storeRequest("POST", "/cart", { items: [{ quantity: 1, variantId: linen }] }, { idempotencyKey: key })
        expect(first.status).toBe(201)
        expect(replay.status).toBe(201)
        expect(replay.text).toBe(first.text)
        expect(replay.headers["etag"]).toBe(first.headers["etag"])
        const reused = yield* storeRequest("POST", "/cart", { items: [{ variantId: linen, quantity: 2 }] }, { idempotencyKey: key })
        expectProblem(reused, 422, "idempotency_key_reused")
        const other = yield* storeRequest("POST", "/cart", body, { idempotencyKey: crypto.randomUUID() })
        expect((other.body as { id: string }).id).not.toBe((first.body as { id: string }).id)
        const random = Buffer.from(crypto.getRandomValues(new Uint8Array(192))).toString("base64url")
        const tooLong = yield* storeRequest("POST", "/cart", body, { idempotencyKey: random.slice(0, 256) })
        expectProblem(tooLong, 400, "validation_failed")
        expect(expectCart(yield* storeRequest("POST", "/cart", body, { idempotencyKey: random.slice(0, 255) }), 201).cart.itemCount).toBe(1)
      }))

    it.effect("checkout: a retry replays the order byte for byte; a failed attempt frees the key for the retry", () =>
      Effect.gen(function*() {
        const key = crypto.randomUUID()
        const linen = yield* variantId("FIX-6-1")
        const { cart } = yield* createCart({ items: [{ variantId: linen, quantity: 1 }] })
        expectProblem(yield* checkout(cart.id, { idempotencyKey: key }), 422, "shipping_address_required")
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS))
        yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") })
        const first = yield* checkout(cart.id, { idempotencyKey: key })
        const order = expectOrder(first)
        const replay = yield* checkout(cart.id, { idempotencyKey: key }, {})
        expect(replay.status).toBe(201)
        expect(replay.text).toBe(first.text)
        // the key is scoped by its cart: under another cart it is a new request, never this order
        const elsewhere = yield* checkout("cart_other", { idempotencyKey: key })
        expectProblem(elsewhere, 404, "cart_not_found")
        const sql = yield* SqlClient.SqlClient
        const count = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cart.id}`
        expect(count[0]?.n).toBe(1)
        expect((replay.body as OrderBody).id).toBe(order.id)
        // at rest the record answers only whoever holds the key: neither the key nor the order token is readable
        const orderToken = (first.body as { orderToken: string }).orderToken
        const records = yield* sql<{ row: string }>`SELECT row_to_json(k)::text AS row FROM idempotency_keys k`
        expect(records.some((record) => record.row.includes(order.id))).toBe(false)
        expect(records.some((record) => record.row.includes(key) || record.row.includes(orderToken))).toBe(false)
      }))
  })

  describe("GET /customers/me/orders", () => {
    it.effect("a signed-in customer goes from an empty cart to an order in their history, newest first, paged", () =>
      Effect.gen(function*() {
        const customer = yield* registerCustomer()
        const caller = { accessToken: customer.tokens.accessToken }
        expect(yield* historyOf(customer.tokens.accessToken)).toEqual({ data: [], total: 0, page: 1, limit: 20, totalPages: 0 })
        const placed: Array<OrderBody> = []
        for (const sku of ["FIX-1-1", "FIX-GIFT-1", "FIX-6-1"]) {
          const { cart } = yield* createCart({}, caller)
          yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: yield* variantId(sku), quantity: 1 }, caller)
          expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS, caller))
          if (sku !== "FIX-GIFT-1") {
            yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") }, caller)
          }
          expectProblem(yield* checkout(cart.id), 404, "cart_not_found")
          placed.push(yield* cartRoutes.checkout(cart.id, caller))
        }
        const page = yield* historyOf(customer.tokens.accessToken)
        expect(page).toMatchObject({ total: 3, page: 1, limit: 20, totalPages: 1 })
        expect(page.data.map((order) => order.id)).toEqual(placed.map((order) => order.id).reverse())
        const { shippingAddress: _address, billingAddress: _billing, tracking: _tracking, orderToken: _token, ...summary } =
          placed[0] as OrderBody & { billingAddress: unknown; orderToken: string }
        expect(page.data[2]).toEqual(summary)
        const second = yield* historyOf(customer.tokens.accessToken, { page: 2, limit: 2 })
        expect(second).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 })
        expect(second.data.map((order) => order.id)).toEqual([placed[0]?.id])
        const { orderToken: _secondToken, ...secondOrder } = placed[1] as OrderBody & { orderToken: string }
        expect(yield* orderOf(caller.accessToken, placed[1]!.id)).toEqual(secondOrder)
      }))

    it.effect("other customers' orders, other shops' orders and unknown ids are 404 order_not_found", () =>
      Effect.gen(function*() {
        const owner = yield* registerCustomer()
        const other = yield* registerCustomer()
        const ready = yield* readyCart([{ sku: "FIX-1-1", quantity: 1 }], { accessToken: owner.tokens.accessToken })
        const order = yield* cartRoutes.checkout(ready.cart.id, { accessToken: owner.tokens.accessToken })
        expect((yield* orderOf(owner.tokens.accessToken, order.id)).id).toBe(order.id)
        expectProblem(yield* storeRequest("GET", `/customers/me/orders/${order.id}`, undefined, { accessToken: other.tokens.accessToken }), 404, "order_not_found")
        expectProblem(yield* storeRequest("GET", `/customers/me/orders/${order.id}`, undefined, { accessToken: owner.tokens.accessToken, key: SHOP_B_KEY }), 404, "order_not_found")
        expectProblem(yield* storeRequest("GET", "/customers/me/orders/ord_nope", undefined, { accessToken: owner.tokens.accessToken }), 404, "order_not_found")
        expect((yield* historyOf(owner.tokens.accessToken, {}, SHOP_B_KEY)).total).toBe(0)
        expect((yield* historyOf(other.tokens.accessToken)).total).toBe(0)
      }))

    it.effect("401 without a valid token; 400 for a page below 1 or a limit outside 1..50", () =>
      Effect.gen(function*() {
        const customer = yield* registerCustomer()
        expectProblem(yield* storeRequest("GET", "/customers/me/orders"), 401, "unauthorized")
        expectProblem(yield* storeRequest("GET", "/customers/me/orders/ord_x", undefined, { accessToken: "nope" }), 401, "unauthorized")
        for (const query of ["?page=0", "?limit=0", "?limit=51", "?page=x"]) {
          expectProblem(yield* ordersOf(customer.tokens.accessToken, query), 400, "validation_failed")
        }
        expect((yield* historyOf(customer.tokens.accessToken, { limit: 50 })).limit).toBe(50)
      }))

    it.effect("orders placed as a guest before registering are 403 email_verification_required until the email is verified", () =>
      Effect.gen(function*() {
        const customers = yield* CustomerRepository
        const phone = freshPhone()
        const email = `linked-${Date.now()}@example.com`
        // a chat customer with this email and phone places a guest order by phone, then registers
        const chat = yield* customers.findOrCreatePasswordless(
          { name: "Chat Person", email: parseEmail(email) ?? null, phone },
          CustomerId.make(`cus_chat${Date.now().toString(36)}`),
          new Date(Date.now() - 60_000)
        )
        const ready = yield* readyCart([{ sku: "FIX-1-1", quantity: 1 }], {}, { ...DHAKA_ADDRESS, phone })
        const order = yield* cartRoutes.checkout(ready.cart.id)
        const registered = yield* post("/auth/register", { name: "Chat Person", email, password: STRONG_PASSWORD }, { ip: "10.9.9.9" })
        expect(registered.status, registered.text).toBe(201)
        const token = (registered.body as { customerId: string; tokens: { accessToken: string } })
        expect(token.customerId).toBe(chat.id)
        expectProblem(yield* ordersOf(token.tokens.accessToken), 403, "email_verification_required")
        expectProblem(yield* storeRequest("GET", `/customers/me/orders/${order.id}`, undefined, { accessToken: token.tokens.accessToken }), 403, "email_verification_required")
      }))
  })

  if (engine.name === "postgres") {
    describe("races (PostgreSQL)", () => {
      it.effect("20 concurrent \"+1\" on one line raise it by exactly the number of successes", () =>
        Effect.gen(function*() {
          const linen = yield* variantId("FIX-6-1")
          const { cart } = yield* createCart({ items: [{ variantId: linen, quantity: 1 }] })
          const responses = yield* Effect.all(
            Array.from({ length: 20 }, () => storeRequest("POST", `/cart/${cart.id}/items`, { variantId: linen, quantity: 1 })),
            { concurrency: "unbounded" }
          )
          const successes = responses.filter((response) => response.status === 200).length
          expect(successes).toBe(20)
          const after = yield* cartRoutes.get(cart.id)
          expect(after.cart.items[0]?.quantity).toBe(1 + successes)
          expect(after.version).toBe(1 + successes)
          const versions = responses.map((response) => response.headers["etag"])
          expect(new Set(versions).size).toBe(20)
        }))

      it.effect("concurrent changes with one If-Match: exactly one wins, the others are 412", () =>
        Effect.gen(function*() {
          const { cart, etag } = yield* createCart({})
          const responses = yield* Effect.all(
            Array.from({ length: 10 }, (_, index) => storeRequest("PUT", `/cart/${cart.id}/notes`, { note: `n${index}` }, { ifMatch: etag })),
            { concurrency: "unbounded" }
          )
          expect(responses.filter((response) => response.status === 200)).toHaveLength(1)
          for (const response of responses.filter((candidate) => candidate.status !== 200)) {
            expectProblem(response, 412, "cart_version_mismatch")
          }
        }))

      it.effect("1 unit left and 20 concurrent checkouts: exactly one order, stock 0", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const lamp = yield* fixtureVariant("FIX-LAMP-1")
          yield* sql`UPDATE variants SET stock = 1 WHERE id = ${lamp.variant.id}`
          const carts = []
          for (let index = 0; index < 20; index++) carts.push((yield* readyCart([{ sku: "FIX-LAMP-1", quantity: 1 }])).cart.id)
          const ordersBefore = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`
          const responses = yield* Effect.all(carts.map((cartId) => checkout(cartId)), { concurrency: "unbounded" })
          expect(responses.filter((response) => response.status === 201)).toHaveLength(1)
          for (const response of responses.filter((candidate) => candidate.status !== 201)) {
            expectProblem(response, 409, "insufficient_stock")
          }
          expect(yield* stockOf("FIX-LAMP-1")).toBe(0)
          const ordersAfter = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`
          expect((ordersAfter[0]?.n ?? 0) - (ordersBefore[0]?.n ?? 0)).toBe(1)
        }))

      it.effect("10 concurrent checkouts with one Idempotency-Key: one order, every success the same body", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const ready = yield* readyCart([{ sku: "FIX-6-1", quantity: 1 }])
          const key = `race-${crypto.randomUUID()}`
          const responses = yield* Effect.all(
            Array.from({ length: 10 }, () => checkout(ready.cart.id, { idempotencyKey: key })),
            { concurrency: "unbounded" }
          )
          const successes = responses.filter((response) => response.status === 201)
          expect(successes.length).toBeGreaterThanOrEqual(1)
          expect(new Set(successes.map((response) => response.text)).size).toBe(1)
          for (const response of responses.filter((candidate) => candidate.status !== 201)) {
            expectProblem(response, 409, "idempotency_key_in_progress")
          }
          const replay = yield* checkout(ready.cart.id, { idempotencyKey: key })
          expect(replay.status).toBe(201)
          expect(replay.text).toBe(successes[0]?.text)
          const orders = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${ready.cart.id}`
          expect(orders[0]?.n).toBe(1)
        }))
    })
  }
})
