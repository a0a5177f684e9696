/**
 * The cart routes (docs/contract/shipping.md, docs/contract/cart.md) through the real server on the SQL adapter over every test
 * engine: creation, items, notes, addresses, shipping and payment methods, coupons, totals,
 * ETag / If-Match, ownership, expiry and every error code of those routes.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { COUPON_REFUSALS, fixtureVariant } from "../support/buying-fixture.ts"
import { registerCustomer } from "../support/account-http.ts"
import { BOTH_SHOPS_KEY, buyingTestEngines, type CartBody, createCart, DHAKA_ADDRESS } from "../support/cart-http.ts"
import { expectCart, SHOP_B_KEY, SYLHET_ADDRESS } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { expectProblem, serverSuites, storeRequest } from "../support/store-http.ts"
import { ShippingMethodId, ShopId } from "../../domain/shared/ids.ts"

const DAY_MILLIS = 86_400_000

const variantId = (sku: string) => Effect.map(fixtureVariant(sku), ({ variant }) => variant.id)

/** A cart of shop A with `quantity` of the variant. */
const cartWith = (sku: string, quantity: number) =>
  Effect.flatMap(variantId(sku), (id) => createCart({ items: [{ variantId: id, quantity }] }))

const itemOf = (cart: CartBody, variant: string) => cart.items.find((item) => item.variantId === variant)

serverSuites(buyingTestEngines(), "cart API over HTTP", (it) => {
  describe("POST /cart", () => {
    it.effect("201: an active guest cart of the key's only shop, paying cod, expiring 30 days after its last change", () =>
      Effect.gen(function*() {
        const shirt = yield* fixtureVariant("FIX-1-1")
        const { cart, etag } = yield* createCart({
          items: [{ variantId: shirt.variant.id, quantity: 2 }, { variantId: shirt.variant.id, quantity: 1 }]
        })
        expect(etag).toBe("\"1\"")
        expect(cart.id).toMatch(/^cart_[a-z2-7]{26}$/)
        expect(cart).toMatchObject({
          shopId: "shop_a",
          customerId: "",
          status: "active",
          itemCount: 3,
          subtotal: 2400,
          discountTotal: 0,
          couponCode: "",
          couponDiscount: 0,
          shippingFee: 0,
          codFee: 0,
          total: 2400,
          shippingMethodId: "",
          shippingMethodName: "",
          paymentMethod: "cod",
          customerNote: ""
        })
        expect(cart.items).toEqual([{
          id: expect.stringMatching(/^item_/),
          productId: shirt.product.id,
          variantId: shirt.variant.id,
          quantity: 3,
          unitPrice: 800,
          compareAtPrice: 1000,
          lineTotal: 2400,
          product: { name: "Classic Cotton Shirt", slug: "classic-cotton-shirt", thumbnail: "https://img.example.com/fixture/1.jpg" },
          variant: { images: [], inStock: true, lowStock: false, optionValues: { size: "S" } }
        }])
        const empty = { name: "", phone: "", house: "", road: "", thana: "", district: "", division: "", city: "", postcode: "", country: "", note: "" }
        expect(cart.shippingAddress).toEqual(empty)
        expect(cart.billingAddress).toEqual(empty)
        expect(cart.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
        expect(cart.updatedAt).toBe(cart.createdAt)
        expect(Date.parse(cart.expiresAt) - Date.parse(cart.updatedAt)).toBe(30 * DAY_MILLIS)
      }))

    it.effect("an empty body makes an empty cart; the id is unguessable (128 random bits)", () =>
      Effect.gen(function*() {
        const first = yield* createCart({})
        const second = yield* createCart({})
        expect(first.cart.items).toEqual([])
        expect(first.cart.total).toBe(0)
        expect(first.cart.id).not.toBe(second.cart.id)
        expect(first.cart.id.length).toBe("cart_".length + 26)
      }))

    it.effect("shopId: required when the key has several shops (400), must be one of the key's shops (404)", () =>
      Effect.gen(function*() {
        const missing = yield* storeRequest("POST", "/cart", {}, { key: BOTH_SHOPS_KEY })
        expectProblem(missing, 400, "validation_failed")
        expect(missing.body).toMatchObject({ errors: [{ path: "shopId" }] })
        const inB = yield* createCart({ shopId: ShopId.make("shop_b") }, { key: BOTH_SHOPS_KEY })
        expect(inB.cart.shopId).toBe("shop_b")
        expectProblem(yield* storeRequest("POST", "/cart", { shopId: "shop_b" }), 404, "shop_not_found")
        expectProblem(yield* storeRequest("POST", "/cart", { shopId: "shop_nope" }, { key: BOTH_SHOPS_KEY }), 404, "shop_not_found")
      }))

    it.effect("initial items must be visible in the shop, in stock, and 1..999 per line", () =>
      Effect.gen(function*() {
        const disabled = yield* variantId("FIX-5-1")
        const otherShop = yield* variantId("FIX-3-1")
        const saree = yield* variantId("FIX-2-1")
        for (const id of [disabled, otherShop, "var_unknown"]) {
          const response = yield* storeRequest("POST", "/cart", { items: [{ variantId: id, quantity: 1 }] })
          expectProblem(response, 404, "variant_not_found")
          expect(response.body).toMatchObject({ variantId: id })
        }
        const short = yield* storeRequest("POST", "/cart", { items: [{ variantId: saree, quantity: 2 }, { variantId: saree, quantity: 2 }] })
        expectProblem(short, 409, "insufficient_stock")
        expect(short.body).toMatchObject({ variantId: saree, requested: 4, available: 3 })
        for (const quantity of [0, 1000, 1.5, -1]) {
          const invalid = yield* storeRequest("POST", "/cart", { items: [{ variantId: saree, quantity }] })
          expectProblem(invalid, 400, "validation_failed")
          expect(invalid.body).toMatchObject({ errors: [{ path: "items.0.quantity" }] })
        }
        const gift = yield* variantId("FIX-GIFT-1")
        const merged = yield* storeRequest("POST", "/cart", { items: [{ variantId: gift, quantity: 600 }, { variantId: gift, quantity: 400 }] })
        expectProblem(merged, 400, "validation_failed")
        expect(merged.body).toMatchObject({ errors: [{ path: "items" }] })
      }))

    it.effect("unknown properties, a bad body and a missing key change nothing and are 400", () =>
      Effect.gen(function*() {
        const unknown = yield* storeRequest("POST", "/cart", { customerId: "cus_someone" })
        expectProblem(unknown, 400, "validation_failed")
        expect(unknown.body).toMatchObject({ errors: [{ path: "customerId" }] })
        expectProblem(yield* storeRequest("POST", "/cart", "{oops"), 400, "invalid_json")
        const noKey = yield* storeRequest("POST", "/cart", {}, { key: "" })
        expectProblem(noKey, 400, "publishable_key_required")
        expectProblem(yield* storeRequest("POST", "/cart", {}, { key: "pk_revoked" }), 401, "publishable_key_invalid")
      }))
  })

  describe("GET /cart/{id}", () => {
    it.effect("the cart as last written, with its ETag; unknown ids and other shops' carts are 404", () =>
      Effect.gen(function*() {
        const created = yield* cartWith("FIX-4-1", 1)
        const fetched = yield* cartRoutes.get(created.cart.id)
        expect(fetched.cart).toEqual(created.cart)
        expect(fetched.etag).toBe(created.etag)
        expectProblem(yield* storeRequest("GET", "/cart/cart_unknown"), 404, "cart_not_found")
        expectProblem(yield* storeRequest("GET", `/cart/${created.cart.id}`, undefined, { key: SHOP_B_KEY }), 404, "cart_not_found")
        expect((yield* storeRequest("GET", `/cart/${created.cart.id}`, undefined, { key: BOTH_SHOPS_KEY })).status).toBe(200)
      }))

    it.effect("prices are read from the store on every request", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const tee = yield* fixtureVariant("FIX-7-1")
        const { cart } = yield* createCart({ items: [{ variantId: tee.variant.id, quantity: 1 }] })
        expect(cart.subtotal).toBe(300)
        yield* sql`UPDATE variants SET sale_price = 25050 WHERE id = ${tee.variant.id}`
        const repriced = (yield* cartRoutes.get(cart.id)).cart
        expect(repriced.items[0]).toMatchObject({ unitPrice: 250.5, compareAtPrice: 300, lineTotal: 250.5 })
        expect(repriced.total).toBe(250.5)
        yield* sql`UPDATE variants SET sale_price = NULL WHERE id = ${tee.variant.id}`
      }))

    it.effect("an expired cart is 410 cart_expired, to reads and to changes", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const { cart } = yield* createCart({})
        yield* sql`UPDATE carts SET expires_at = now() - interval '1 second' WHERE id = ${cart.id}`
        expectProblem(yield* storeRequest("GET", `/cart/${cart.id}`), 410, "cart_expired")
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/notes`, { note: "hi" }), 410, "cart_expired")
      }))
  })

  describe("items", () => {
    it.effect("POST adds a line or adds to the variant's line; every change bumps the version and the lifetime", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const phone = yield* variantId("FIX-4-2")
        const { cart } = yield* createCart({})
        const first = yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: linen, quantity: 2 })
        expect(first.version).toBe(2)
        const second = yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: linen, quantity: 3 })
        expect(second.cart.items).toHaveLength(1)
        expect(itemOf(second.cart, linen)?.quantity).toBe(5)
        expect(itemOf(second.cart, linen)?.id).toBe(itemOf(first.cart, linen)?.id)
        const third = yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: phone, quantity: 1 })
        expect(third.cart.items.map((item) => item.variantId)).toEqual([linen, phone])
        expect(third.cart).toMatchObject({ itemCount: 6, subtotal: 5 * 1500 + 55000, total: 5 * 1500 + 55000 })
        expect(third.version).toBe(4)
        expect(Date.parse(third.cart.expiresAt) - Date.parse(third.cart.updatedAt)).toBe(30 * DAY_MILLIS)
      }))

    it.effect("POST rejects quantities outside 1..999 (also once merged), missing stock and invisible variants", () =>
      Effect.gen(function*() {
        const gift = yield* variantId("FIX-GIFT-1")
        const saree = yield* variantId("FIX-2-1")
        const { cart } = yield* createCart({ items: [{ variantId: gift, quantity: 990 }] })
        for (const quantity of [0, 1000]) {
          const invalid = yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: gift, quantity })
          expectProblem(invalid, 400, "validation_failed")
          expect(invalid.body).toMatchObject({ errors: [{ path: "quantity" }] })
        }
        const merged = yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: gift, quantity: 10 })
        expectProblem(merged, 400, "validation_failed")
        expect(merged.body).toMatchObject({ errors: [{ path: "quantity" }] })
        const short = yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: saree, quantity: 4 })
        expectProblem(short, 409, "insufficient_stock")
        expect(short.body).toMatchObject({ variantId: saree, requested: 4, available: 3 })
        expectProblem(yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: yield* variantId("FIX-5-1"), quantity: 1 }), 404, "variant_not_found")
        expectProblem(yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: "var_nope", quantity: 1 }), 404, "variant_not_found")
        expectProblem(yield* storeRequest("POST", "/cart/cart_nope/items", { variantId: gift, quantity: 1 }), 404, "cart_not_found")
        const unchanged = yield* cartRoutes.get(cart.id)
        expect(unchanged.version).toBe(1)
        expect(unchanged.cart.itemCount).toBe(990)
      }))

    it.effect("PATCH sets a line's quantity (0 removes it); DELETE removes it; unknown items are 404", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const tee = yield* variantId("FIX-7-1")
        const { cart } = yield* createCart({ items: [{ variantId: linen, quantity: 1 }, { variantId: tee, quantity: 1 }] })
        const linenItem = itemOf(cart, linen)?.id ?? ""
        const teeItem = itemOf(cart, tee)?.id ?? ""
        const set = yield* cartRoutes.updateItem({ cartId: cart.id, itemId: linenItem }, { quantity: 7 })
        expect(itemOf(set.cart, linen)?.quantity).toBe(7)
        const short = yield* storeRequest("PATCH", `/cart/${cart.id}/items/${teeItem}`, { quantity: 2 })
        expectProblem(short, 409, "insufficient_stock")
        expect(short.body).toMatchObject({ requested: 2, available: 1 })
        for (const quantity of [-1, 1000, "2"]) {
          const invalid = yield* storeRequest("PATCH", `/cart/${cart.id}/items/${linenItem}`, { quantity })
          expectProblem(invalid, 400, "validation_failed")
          expect(invalid.body).toMatchObject({ errors: [{ path: "quantity" }] })
        }
        const removed = yield* cartRoutes.updateItem({ cartId: cart.id, itemId: teeItem }, { quantity: 0 })
        expect(removed.cart.items.map((item) => item.variantId)).toEqual([linen])
        expectProblem(yield* storeRequest("PATCH", `/cart/${cart.id}/items/${teeItem}`, { quantity: 1 }), 404, "cart_item_not_found")
        expectProblem(yield* storeRequest("DELETE", `/cart/${cart.id}/items/${teeItem}`), 404, "cart_item_not_found")
        const deleted = yield* cartRoutes.removeItem({ cartId: cart.id, itemId: linenItem })
        expect(deleted.cart.items).toEqual([])
        expect(deleted.cart.total).toBe(0)
        expect(deleted.version).toBe(4)
      }))

    it.effect("a line whose variant a re-import deleted vanishes from the cart", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const linen = yield* variantId("FIX-6-1")
        const shirt = yield* fixtureVariant("FIX-1-2")
        const { cart } = yield* createCart({ items: [{ variantId: linen, quantity: 1 }] })
        yield* sql`UPDATE variants SET stock = 5 WHERE id = ${shirt.variant.id}`
        yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: shirt.variant.id, quantity: 1 })
        yield* sql`DELETE FROM variants WHERE id = ${shirt.variant.id}`
        const shown = (yield* cartRoutes.get(cart.id)).cart
        expect(shown.items.map((item) => item.variantId)).toEqual([linen])
        expect(shown.subtotal).toBe(1500)
        const changed = (yield* cartRoutes.setNote({ cartId: cart.id }, { note: "still here" })).cart
        expect(changed.items.map((item) => item.variantId)).toEqual([linen])
      }))
  })

  describe("ETag and If-Match", () => {
    it.effect("a stale If-Match is 412 cart_version_mismatch and changes nothing; current, weak, listed and * match", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const { cart, etag } = yield* createCart({})
        const changed = yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: linen, quantity: 1 }, { ifMatch: etag })
        expect(changed.etag).toBe("\"2\"")
        const stale = yield* storeRequest("POST", `/cart/${cart.id}/items`, { variantId: linen, quantity: 1 }, { ifMatch: etag })
        expectProblem(stale, 412, "cart_version_mismatch")
        expect(stale.body).toMatchObject({ currentVersion: 2 })
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/notes`, { note: "x" }, { ifMatch: "\"two\"" }), 412, "cart_version_mismatch")
        expect((yield* cartRoutes.get(cart.id)).cart.itemCount).toBe(1)
        expect((yield* cartRoutes.setNote({ cartId: cart.id }, { note: "a" }, { ifMatch: "W/\"2\"" })).version).toBe(3)
        expect((yield* cartRoutes.setNote({ cartId: cart.id }, { note: "b" }, { ifMatch: "\"1\", \"3\"" })).version).toBe(4)
        expect((yield* cartRoutes.setNote({ cartId: cart.id }, { note: "c" }, { ifMatch: "*" })).version).toBe(5)
      }))
  })

  describe("notes, addresses, shipping and payment methods", () => {
    it.effect("PUT /notes stores the customer's note; an absent note clears it; over 1000 characters is 400", () =>
      Effect.gen(function*() {
        const { cart } = yield* createCart({})
        expect((yield* cartRoutes.setNote({ cartId: cart.id }, { note: "Gift wrap — শুভ জন্মদিন" })).cart.customerNote)
          .toBe("Gift wrap — শুভ জন্মদিন")
        expect((yield* cartRoutes.setNote({ cartId: cart.id }, {})).cart.customerNote).toBe("")
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/notes`, { note: "n".repeat(1001) }), 400, "validation_failed")
      }))

    it.effect("addresses: name and phone required, a city or district, other fields optional and \"\" when absent", () =>
      Effect.gen(function*() {
        const { cart } = yield* createCart({})
        const shipped = expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS)).cart
        expect(shipped.shippingAddress).toEqual({
          name: "Rahim Uddin", phone: "+880 1711-000000", house: "12", road: "Lake Road", thana: "", district: "",
          division: "", city: "Dhaka", postcode: "1212", country: "", note: "Ring twice"
        })
        const billed = expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/billing-address`, SYLHET_ADDRESS)).cart
        expect(billed.billingAddress).toMatchObject({ name: "Karim", district: "Sylhet", city: "" })
        expect(billed.shippingAddress).toEqual(shipped.shippingAddress)
        for (const [body, path] of [
          [{ phone: "01711000000", city: "Dhaka" }, "name"],
          [{ name: "A", city: "Dhaka" }, "phone"],
          [{ name: "A", phone: "12345", city: "Dhaka" }, "phone"],
          [{ name: "A", phone: "01711000000" }, "city"],
          [{ ...DHAKA_ADDRESS, email: "not-an-email" }, "email"],
          [{ ...DHAKA_ADDRESS, floor: "3" }, "floor"],
          [{ ...DHAKA_ADDRESS, note: "n".repeat(501) }, "note"]
        ] as const) {
          const invalid = yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, body)
          expectProblem(invalid, 400, "validation_failed")
          expect(invalid.body).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ path })]) })
        }
      }))

    it.effect("shipping method: needs an address (422), must be the cart's shop's (404), must serve the zone (422)", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartWith("FIX-6-1", 1)
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-method`, { shippingMethodId: "sm_a_standard" }), 422, "shipping_address_required")
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, SYLHET_ADDRESS))
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-method`, { shippingMethodId: "sm_b_flat" }), 404, "shipping_method_not_found")
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-method`, { shippingMethodId: "sm_nope" }), 404, "shipping_method_not_found")
        const unserved = yield* storeRequest("PUT", `/cart/${cart.id}/shipping-method`, { shippingMethodId: "sm_a_city_only" })
        expectProblem(unserved, 422, "shipping_unavailable_for_zone")
        expect(unserved.body).toMatchObject({ zoneType: "outside_city" })
        const outside = (yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") })).cart
        // outside_city: 120 flat up to 1 kg (0.5 kg here); COD 1.5 % of (1500 + 120) = 24.3
        expect(outside).toMatchObject({ shippingMethodId: "sm_a_standard", shippingMethodName: "Standard", shippingFee: 120, codFee: 24.3, total: 1644.3 })
        const moved = expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, { ...DHAKA_ADDRESS, city: " dhaka " })).cart
        expect(moved).toMatchObject({ shippingMethodId: "", shippingMethodName: "", shippingFee: 0, codFee: 0, total: 1500 })
        const inside = (yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_city_only") })).cart
        // inside_city courier: 100 flat, COD fixed 20
        expect(inside).toMatchObject({ shippingFee: 100, codFee: 20, total: 1620 })
        const prepaid = (yield* cartRoutes.setPaymentMethod({ cartId: cart.id }, { paymentMethod: "prepaid" })).cart
        expect(prepaid).toMatchObject({ paymentMethod: "prepaid", codFee: 0, total: 1600 })
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/payment-method`, { paymentMethod: "card" }), 400, "validation_failed")
      }))

    it.effect("shipping fees: each started kilogram over the base weight, free from the minimum order value", () =>
      Effect.gen(function*() {
        const lamp = yield* variantId("FIX-LAMP-1")
        const linen = yield* variantId("FIX-6-1")
        const { cart } = yield* createCart({ items: [{ variantId: lamp, quantity: 1 }] })
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS))
        const heavy = (yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") })).cart
        // 2.5 kg inside the city: 60 + ceil(1.5) × 15 = 90; COD 1.5 % of 2590 = 38.85
        expect(heavy).toMatchObject({ subtotal: 2500, shippingFee: 90, codFee: 38.85, total: 2628.85 })
        const free = (yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: linen, quantity: 1 })).cart
        // 4000 ≥ 3000: free shipping; COD 1.5 % of 4000 = 60
        expect(free).toMatchObject({ subtotal: 4000, shippingFee: 0, codFee: 60, total: 4060 })
      }))
  })

  describe("coupons", () => {
    it.effect("PUT /coupon applies a code case-insensitively; the cart shows the stored code and the discount", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartWith("FIX-6-1", 1)
        const applied = (yield* cartRoutes.applyCoupon({ cartId: cart.id }, { code: " save10 " })).cart
        expect(applied).toMatchObject({ couponCode: "SAVE10", couponDiscount: 150, discountTotal: 150, subtotal: 1500, total: 1350 })
        const fixed = (yield* cartRoutes.applyCoupon({ cartId: cart.id }, { code: "flat50" })).cart
        expect(fixed).toMatchObject({ couponCode: "Flat50", couponDiscount: 50, total: 1450 })
        const removed = (yield* cartRoutes.removeCoupon({ cartId: cart.id })).cart
        expect(removed).toMatchObject({ couponCode: "", couponDiscount: 0, discountTotal: 0, total: 1500 })
      }))

    it.effect("422 coupon_invalid with the reason: unknown, another shop's, not started, expired, below the minimum", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartWith("FIX-7-1", 1)
        for (const [code, reason] of COUPON_REFUSALS) {
          const response = yield* storeRequest("PUT", `/cart/${cart.id}/coupon`, { code })
          expectProblem(response, 422, "coupon_invalid")
          expect(response.body).toMatchObject({ reason })
        }
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/coupon`, { code: "" }), 400, "validation_failed")
        expect((yield* cartRoutes.get(cart.id)).version).toBe(1)
      }))

    it.effect("a coupon whose minimum is no longer met stays on the cart with discount 0", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const { cart } = yield* createCart({ items: [{ variantId: linen, quantity: 1 }] })
        yield* cartRoutes.applyCoupon({ cartId: cart.id }, { code: "SAVE10" })
        const itemId = cart.items[0]?.id ?? ""
        const below = (yield* cartRoutes.removeItem({ cartId: cart.id, itemId: itemId })).cart
        expect(below).toMatchObject({ couponCode: "SAVE10", couponDiscount: 0, discountTotal: 0, total: 0 })
        const again = (yield* cartRoutes.addItem({ cartId: cart.id }, { variantId: linen, quantity: 2 })).cart
        expect(again).toMatchObject({ couponCode: "SAVE10", couponDiscount: 300, total: 2700 })
      }))
  })

  describe("ownership", () => {
    it.effect("a signed-in customer's cart is theirs: 404 to guests and to other customers", () =>
      Effect.gen(function*() {
        const owner = yield* registerCustomer()
        const other = yield* registerCustomer()
        const { cart } = yield* createCart({}, { accessToken: owner.tokens.accessToken })
        expect(cart.customerId).toBe(owner.customerId)
        expect((yield* storeRequest("GET", `/cart/${cart.id}`, undefined, { accessToken: owner.tokens.accessToken })).status).toBe(200)
        expectProblem(yield* storeRequest("GET", `/cart/${cart.id}`), 404, "cart_not_found")
        expectProblem(yield* storeRequest("GET", `/cart/${cart.id}`, undefined, { accessToken: other.tokens.accessToken }), 404, "cart_not_found")
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.id}/notes`, { note: "mine" }), 404, "cart_not_found")
        expectProblem(yield* storeRequest("GET", `/cart/${cart.id}`, undefined, { accessToken: "not-a-token" }), 401, "unauthorized")
      }))

    it.effect("a guest cart is claimed by the first signed-in request, even a read", () =>
      Effect.gen(function*() {
        const customer = yield* registerCustomer()
        const { cart } = yield* createCart({})
        const claimed = yield* cartRoutes.get(cart.id, { accessToken: customer.tokens.accessToken })
        expect(claimed.cart.customerId).toBe(customer.customerId)
        expect(claimed.version).toBe(2)
        expectProblem(yield* storeRequest("GET", `/cart/${cart.id}`), 404, "cart_not_found")
        const other = yield* createCart({})
        const changed = yield* cartRoutes.setNote({ cartId: other.cart.id }, { note: "hi" }, { accessToken: customer.tokens.accessToken })
        expect(changed.cart).toMatchObject({ customerId: customer.customerId, customerNote: "hi" })
      }))
  })
})
