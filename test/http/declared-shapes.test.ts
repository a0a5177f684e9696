/**
 * The OpenAPI document cannot drift from the bytes: listings, categories and carts are sent as
 * pre-rendered JSON, so nothing on the server checks them against the response schemas the API
 * definition declares. Here every operation is called through the client derived from that
 * definition, which decodes each answer with the endpoint's declared success schema: a field
 * missing, renamed or of another type in what the server sends fails the call. One walk covers
 * the catalog (with and without facets, filters, search and paging), an account's life and a
 * signed-in cart from creation to an order in the history, on every test engine.
 */
import { describe, expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { NormalisedEmail } from "../../domain/customer/email.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { freshEmail, freshPhone, STRONG_PASSWORD } from "../support/account-http.ts"
import { buyingTestEngines, DHAKA_ADDRESS, SHOP_A_KEY } from "../support/cart-http.ts"
import { serverSuites } from "../support/store-http.ts"
import { storefrontClient } from "../support/test-server.ts"
import { ShippingMethodId } from "../../domain/shared/ids.ts"

const ADDRESS = { thana: "Gulshan", district: "Dhaka", division: "Dhaka", country: "BD", email: "", ...DHAKA_ADDRESS }

serverSuites(buyingTestEngines(), "declared response shapes", (it) => {
  describe("every answer decodes with its endpoint's declared success schema", () => {
    it.effect("catalog: listings in several mixes, a product, categories, shipping methods", () =>
      Effect.gen(function*() {
        const client = yield* storefrontClient(SHOP_A_KEY)
        const withFacets = yield* client.catalog.listProducts({ query: { includeFacets: true } })
        expect(withFacets.data.length).toBeGreaterThan(0)
        expect(withFacets.facets).toBeDefined()
        const filtered = yield* client.catalog.listProducts({
          query: { includeFacets: true, inStock: true, sortBy: "price", sortOrder: "desc", limit: 2, page: 2 }
        })
        expect(filtered.page).toBe(2)
        const searched = yield* client.catalog.listProducts({ query: { search: "shirt", includeFacets: false } })
        expect(searched.data.every((product) => /shirt/i.test(`${product.name} ${product.sku} ${product.description}`))).toBe(true)
        const empty = yield* client.catalog.listProducts({ query: { search: "no-such-thing-anywhere" } })
        expect(empty.total).toBe(0)
        const slug = withFacets.data[0]!.slug!
        const product = yield* client.catalog.getProductBySlug({ params: { slug }, query: {} })
        expect(product.slug).toBe(slug)
        const categories = yield* client.catalog.listCategories({ query: {} })
        const roots = yield* client.catalog.listCategories({ query: { rootOnly: true } })
        expect(roots.data.length).toBeLessThanOrEqual(categories.data.length)
        const category = yield* client.catalog.getCategoryBySlug({ params: { slug: categories.data[0]!.slug }, query: {} })
        expect(category.id).toBe(categories.data[0]!.id)
        const { methods } = yield* client.catalog.listShippingMethods({ query: {} })
        expect(methods.length).toBeGreaterThan(0)
      }))

    it.effect("accounts and a signed-in cart up to an order in the history", () =>
      Effect.gen(function*() {
        const guest = yield* storefrontClient(SHOP_A_KEY)
        const phone = freshPhone()
        const email = Schema.decodeUnknownSync(NormalisedEmail)(freshEmail())
        const registered = yield* guest.auth.register({
          payload: { name: "Shape Tester", email, password: STRONG_PASSWORD, phone }
        })
        const loggedIn = yield* guest.auth.login({ payload: { email, password: STRONG_PASSWORD } })
        expect(loggedIn.customerId).toBe(registered.customerId)
        const refreshed = yield* guest.auth.refresh({ payload: { refreshToken: loggedIn.tokens.refreshToken } })
        const forgot = yield* guest.auth.forgotPassword({ payload: { email } })
        expect(forgot).toEqual({})

        const customer = yield* storefrontClient(SHOP_A_KEY, refreshed.accessToken)
        const code = yield* customer.authOtp.requestOtp({ payload: { channel: "sms", phone, purpose: "verify_phone" } })
        expect(code.verificationId).toMatch(/^ver_/)
        const me = yield* customer.customer.getProfile()
        expect(me.email).toBe(email)
        const renamed = yield* customer.customer.updateProfile({ payload: { name: "Shape Tester II" } })
        expect(renamed.name).toBe("Shape Tester II")

        const linen = yield* fixtureVariant("FIX-6-1")
        const tee = yield* fixtureVariant("FIX-7-1")
        const created = yield* customer.cart.createCart({ headers: {}, payload: { items: [{ variantId: linen.variant.id, quantity: 1 }] } })
        const cartId = created.body.id
        const params = { cartId }
        const read = yield* customer.cart.getCart({ params })
        expect(read.body.id).toBe(cartId)
        const added = yield* customer.cart.addCartItem({ params, headers: {}, payload: { variantId: tee.variant.id, quantity: 1 } })
        const teeLine = added.body.items.find((item) => item.variantId === tee.variant.id)!
        yield* customer.cart.updateCartItem({ params: { cartId, itemId: teeLine.id }, headers: {}, payload: { quantity: 1 } })
        yield* customer.cart.removeCartItem({ params: { cartId, itemId: teeLine.id }, headers: {} })
        yield* customer.cart.setCartNote({ params, headers: {}, payload: { note: "Call first" } })
        yield* customer.cart.setShippingAddress({ params, headers: {}, payload: ADDRESS })
        yield* customer.cart.setBillingAddress({ params, headers: {}, payload: ADDRESS })
        yield* customer.cart.setShippingMethod({ params, headers: {}, payload: { shippingMethodId: ShippingMethodId.make("sm_a_standard") } })
        yield* customer.cart.setPaymentMethod({ params, headers: {}, payload: { paymentMethod: "cod" } })
        yield* customer.cart.applyCoupon({ params, headers: {}, payload: { code: "save10" } })
        yield* customer.cart.removeCoupon({ params, headers: {} })
        const discounted = yield* customer.cart.applyCoupon({ params, headers: {}, payload: { code: "save10" } })
        expect(discounted.body.discountTotal).toBeGreaterThan(0)
        const order = yield* customer.cart.checkout({ params, headers: {}, payload: {} })
        expect(order.totalPrice).toBe(discounted.body.total)

        const history = yield* customer.orders.listOrders({ query: {} })
        expect(history.data.map((entry) => entry.id)).toContain(order.id)
        const detail = yield* customer.orders.getOrder({ params: { orderId: order.id } })
        expect(detail.orderNumber).toBe(order.orderNumber)
        yield* guest.auth.logout({ payload: { refreshToken: refreshed.refreshToken } })
      }))
  })
})
