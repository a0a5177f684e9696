/**
 * Saved addresses in carts and checkout (issue 13), on PGlite and PostgreSQL: PUT
 * /cart/{id}/shipping-address and /billing-address take `{addressId}` of the signed-in
 * customer's own address and copy it, so later edits to the book change neither the cart nor
 * the order; a guest naming a saved address is 401, another customer's is 404; a signed-in
 * checkout adds its shipping address to the book (the default when there is none) unless it is
 * there already, the book is full, or the body says `saveAddress: false`.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { registerCustomer } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { buyingTestEngines, createCart, DHAKA_ADDRESS, expectCart, SYLHET_ADDRESS } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { type Caller, expectProblem, type HttpResult, serverSuites, storeRequest } from "../support/store-http.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"

interface SavedAddressBody {
  readonly id: string
  readonly [field: string]: string
}

/** Every Address field of the rendering, "" when absent (the email key only when given). */
const rendered = (address: Record<string, string>) => ({
  name: "", phone: "", house: "", road: "", thana: "", district: "", division: "", city: "", postcode: "", country: "", note: "",
  ...address
})

const book = (accessToken: string) =>
  Effect.map(storeRequest("GET", "/customers/me/addresses", undefined, { accessToken }), (response) => {
    expect(response.status, response.text).toBe(200)
    return (response.body as { data: ReadonlyArray<SavedAddressBody> }).data
  })

const saveToBook = (accessToken: string, address: Record<string, string>) =>
  Effect.map(storeRequest("POST", "/customers/me/addresses", address, { accessToken }), (response) => {
    expect(response.status, response.text).toBe(201)
    return response.body as SavedAddressBody
  })

/** A cart of one gift card (no shipping method needed) for the caller. */
const giftCart = (caller: Caller) =>
  Effect.gen(function*() {
    const gift = yield* fixtureVariant("FIX-GIFT-1")
    return (yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 1 }] }, caller)).cart
  })

/** A signed-in gift-card checkout shipping to `address` (given, or `{addressId}`), with the checkout body given. */
const checkoutTo = (accessToken: string, address: unknown, body?: unknown) =>
  Effect.gen(function*() {
    const cart = yield* giftCart({ accessToken })
    expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, address, { accessToken }))
    const order = yield* storeRequest("POST", `/cart/${cart.id}/checkout`, body, { accessToken })
    expect(order.status, order.text).toBe(201)
    return order.body as { id: string; shippingAddress: Record<string, string> }
  })

const errorPaths = (response: HttpResult) =>
  (response.body as { errors: ReadonlyArray<{ path: string }> }).errors.map((error) => error.path).sort()

serverSuites(buyingTestEngines(), "saved addresses in carts and checkout", (it) => {
  describe("PUT /cart/{id}/shipping-address and /billing-address with {addressId}", () => {
    it.effect("copy the saved address: editing or removing it later changes neither the cart nor the order", () =>
      Effect.gen(function*() {
        const { tokens: { accessToken } } = yield* registerCustomer()
        const home = yield* saveToBook(accessToken, DHAKA_ADDRESS)
        const office = yield* saveToBook(accessToken, { ...SYLHET_ADDRESS, email: "karim@example.com" })
        const cart = yield* giftCart({ accessToken })
        const shipped = expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, { addressId: home.id }, { accessToken }))
        expect(shipped.cart.shippingAddress).toEqual(rendered(DHAKA_ADDRESS))
        const billed = expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/billing-address`, { addressId: office.id }, { accessToken }))
        expect(billed.cart.billingAddress).toEqual(rendered({ ...SYLHET_ADDRESS, email: "karim@example.com" }))
        // the book changes; the cart does not
        const edited = yield* storeRequest("PATCH", `/customers/me/addresses/${home.id}`, { road: "Changed Road" }, { accessToken })
        expect(edited.status, edited.text).toBe(200)
        expect((yield* storeRequest("DELETE", `/customers/me/addresses/${office.id}`, undefined, { accessToken })).status).toBe(204)
        const after = yield* cartRoutes.get(cart.id, { accessToken })
        expect(after.cart.shippingAddress).toEqual(rendered(DHAKA_ADDRESS))
        expect(after.cart.billingAddress).toEqual(rendered({ ...SYLHET_ADDRESS, email: "karim@example.com" }))
        expect(after.version).toBe(billed.version)
        // nor the order placed from it
        const placed = yield* storeRequest("POST", `/cart/${cart.id}/checkout`, undefined, { accessToken })
        expect(placed.status, placed.text).toBe(201)
        const orderId = (placed.body as { id: string }).id
        yield* storeRequest("PATCH", `/customers/me/addresses/${home.id}`, { road: "Changed Again" }, { accessToken })
        const order = yield* storeRequest("GET", `/customers/me/orders/${orderId}`, undefined, { accessToken })
        expect((order.body as { shippingAddress: unknown }).shippingAddress).toEqual(rendered(DHAKA_ADDRESS))
      }))

    it.effect("a guest naming a saved address is 401; another customer's address is 404; the cart is unchanged", () =>
      Effect.gen(function*() {
        const owner = yield* registerCustomer()
        const other = yield* registerCustomer()
        const home = yield* saveToBook(owner.tokens.accessToken, DHAKA_ADDRESS)
        const guestCart = yield* giftCart({})
        expectProblem(yield* storeRequest("PUT", `/cart/${guestCart.id}/shipping-address`, { addressId: home.id }), 401, "unauthorized")
        const theirs = yield* giftCart({ accessToken: other.tokens.accessToken })
        for (const route of ["shipping-address", "billing-address"]) {
          expectProblem(
            yield* storeRequest("PUT", `/cart/${theirs.id}/${route}`, { addressId: home.id }, { accessToken: other.tokens.accessToken }),
            404,
            "address_not_found"
          )
        }
        expectProblem(
          yield* storeRequest("PUT", `/cart/${theirs.id}/shipping-address`, { addressId: "addr_unknown" }, { accessToken: other.tokens.accessToken }),
          404,
          "address_not_found"
        )
        const unchanged = yield* cartRoutes.get(theirs.id, { accessToken: other.tokens.accessToken })
        expect(unchanged.cart.shippingAddress).toEqual(rendered({}))
        expect(unchanged.cart.updatedAt).toBe(theirs.updatedAt)
      }))

    it.effect("bad bodies are 400 naming only the fields of the shape the client meant", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const cart = yield* giftCart({ accessToken: tokens.accessToken })
        const put = (body: unknown) => storeRequest("PUT", `/cart/${cart.id}/shipping-address`, body, { accessToken: tokens.accessToken })
        for (const [body, paths] of [
          [{ name: "A", city: "Dhaka" }, ["phone"]],
          [{ city: "Dhaka" }, ["name", "phone"]],
          [{ name: "A", phone: "01711000000" }, ["city"]],
          [{ addressId: "addr_x", name: "A", city: "Dhaka" }, ["city", "name"]],
          [{ addressId: 5 }, ["addressId"]],
          [{ addressId: "addr_x", floor: "3" }, ["floor"]]
        ] as const) {
          const response = yield* put(body)
          expectProblem(response, 400, "validation_failed")
          expect(errorPaths(response), JSON.stringify(body)).toEqual([...paths].sort())
        }
      }))
  })

  describe("a signed-in checkout", () => {
    it.effect("adds its shipping address to the book once, as the default when there is none", () =>
      Effect.gen(function*() {
        const { tokens: { accessToken } } = yield* registerCustomer()
        const first = yield* checkoutTo(accessToken, DHAKA_ADDRESS)
        const saved = yield* book(accessToken)
        expect(saved).toEqual([{
          ...rendered(DHAKA_ADDRESS), id: expect.stringMatching(/^addr_/), createdAt: expect.any(String), updatedAt: expect.any(String)
        }])
        expect(first.shippingAddress).toEqual(rendered(DHAKA_ADDRESS))
        expect(yield* accountRoutes.profile(accessToken)).toMatchObject({ defaultShippingAddressId: saved[0]!.id })
        // the same address again: nothing new; a saved one chosen by id: nothing new
        yield* checkoutTo(accessToken, DHAKA_ADDRESS)
        yield* checkoutTo(accessToken, { addressId: saved[0]!.id })
        expect(yield* book(accessToken)).toEqual(saved)
        // another address joins the book; the default stays
        yield* checkoutTo(accessToken, SYLHET_ADDRESS)
        const grown = yield* book(accessToken)
        expect(grown.map(({ name, district }) => ({ name, district }))).toEqual([
          { name: "Rahim Uddin", district: "" }, { name: "Karim", district: "Sylhet" }
        ])
        expect(yield* accountRoutes.profile(accessToken)).toMatchObject({ defaultShippingAddressId: saved[0]!.id })
      }))

    it.effect("two concurrent checkouts to one new address save it once", () =>
      Effect.gen(function*() {
        const { tokens: { accessToken } } = yield* registerCustomer()
        const carts = [yield* giftCart({ accessToken }), yield* giftCart({ accessToken })]
        for (const cart of carts) expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS, { accessToken }))
        const placed = yield* Effect.all(
          carts.map((cart) => storeRequest("POST", `/cart/${cart.id}/checkout`, undefined, { accessToken })),
          { concurrency: "unbounded" }
        )
        expect(placed.map((response) => response.status)).toEqual([201, 201])
        const saved = yield* book(accessToken)
        expect(saved).toHaveLength(1)
        expect(yield* accountRoutes.profile(accessToken)).toMatchObject({ defaultShippingAddressId: saved[0]!.id })
      }))

    it.effect("with saveAddress: false leaves the book alone; a bad option is 400", () =>
      Effect.gen(function*() {
        const { tokens: { accessToken } } = yield* registerCustomer()
        yield* checkoutTo(accessToken, DHAKA_ADDRESS, { saveAddress: false })
        expect(yield* book(accessToken)).toEqual([])
        expect(yield* accountRoutes.profile(accessToken)).toMatchObject({ defaultShippingAddressId: null })
        yield* checkoutTo(accessToken, SYLHET_ADDRESS, { saveAddress: true })
        expect((yield* book(accessToken)).map((saved) => saved.name)).toEqual(["Karim"])
        const cart = yield* giftCart({ accessToken })
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS, { accessToken }))
        for (const body of [{ saveAddress: "no" }, { saveAddress: false, extra: 1 }]) {
          expectProblem(yield* storeRequest("POST", `/cart/${cart.id}/checkout`, body, { accessToken }), 400, "validation_failed")
        }
      }))

    it.effect("with a full book places the order and saves nothing; a guest checkout saves nothing", () =>
      Effect.gen(function*() {
        const { tokens: { accessToken } } = yield* registerCustomer()
        for (let index = 0; index < 20; index++) yield* saveToBook(accessToken, { ...SYLHET_ADDRESS, house: String(index) })
        const full = yield* book(accessToken)
        const order = yield* checkoutTo(accessToken, DHAKA_ADDRESS)
        expect(order.shippingAddress).toEqual(rendered(DHAKA_ADDRESS))
        expect(yield* book(accessToken)).toEqual(full)
        // a guest's cart with the same customer's details attaches to nobody's book
        const guest = yield* giftCart({})
        expectCart(yield* storeRequest("PUT", `/cart/${guest.id}/shipping-address`, { ...DHAKA_ADDRESS, road: "Guest Road" }))
        expect((yield* storeRequest("POST", `/cart/${guest.id}/checkout`)).status).toBe(201)
        expect(yield* book(accessToken)).toEqual(full)
      }))
  })
})
