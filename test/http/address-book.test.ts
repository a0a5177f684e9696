/**
 * The address book over HTTP (issue 13), on memory, PGlite and PostgreSQL: saving, listing,
 * changing and removing addresses; another customer's id is 404 address_not_found; at most 20
 * (422 address_limit_reached); the default (PATCH /customers/me) names an own address and is
 * cleared with it; bad bodies are 400 problems; an unproven linked account sees only what it
 * saved after the linking, until it proves the email.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { accountTestEngines, expectAuthResult, freshIp, KEY } from "../support/account-http.ts"
import { lastNotificationTo, patchMe, post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"
import { rawRequest, storefrontClient } from "../support/test-server.ts"

const HOME = { name: "Rahim Uddin", phone: "+880 1711-000000", road: "Lake Road", city: "Dhaka", postcode: "1212" }
const OFFICE = { name: "Rahim Uddin", phone: "01711000001", house: "7", district: "Sylhet", email: "rahim@example.com" }

interface SavedAddressBody {
  readonly id: string
  readonly name: string
  readonly road: string
  readonly city: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly [field: string]: string
}

const request = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, accessToken: string | undefined, body?: unknown) =>
  rawRequest(method, `/v1/store/customers/me/addresses${path}`, {
    headers: {
      "x-publishable-api-key": KEY,
      ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
  })

const listAddresses = (token: string) =>
  Effect.map(request("GET", "", token), (response) => {
    expect(response.status, response.text).toBe(200)
    return (response.body as { data: ReadonlyArray<SavedAddressBody> }).data
  })

const createAddress = (token: string, body: unknown) =>
  Effect.map(request("POST", "", token, body), (response) => {
    expect(response.status, response.text).toBe(201)
    return response.body as SavedAddressBody
  })

serverSuites(accountTestEngines(), "address book over HTTP", (it, engine) => {
  describe("saving, listing, changing and removing", () => {
    it.effect("a saved address has an addr_ id, every Address field and its times; the book lists it", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        expect(yield* listAddresses(tokens.accessToken)).toEqual([])
        const home = yield* createAddress(tokens.accessToken, HOME)
        expect(home).toEqual({
          id: expect.stringMatching(/^addr_[a-z2-7]{26}$/),
          name: "Rahim Uddin", phone: "+880 1711-000000", house: "", road: "Lake Road", thana: "", district: "",
          division: "", city: "Dhaka", postcode: "1212", country: "", note: "",
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updatedAt: home.createdAt
        })
        yield* engine.clock.advance("1 second")
        const office = yield* createAddress(tokens.accessToken, OFFICE)
        expect(office.email).toBe("rahim@example.com")
        expect(yield* listAddresses(tokens.accessToken)).toEqual([home, office])
        // the declared response shapes decode through the client derived from the API
        const client = yield* storefrontClient(KEY, tokens.accessToken)
        expect((yield* client.addresses.listAddresses()).data.map((saved) => saved.id)).toEqual([home.id, office.id])
      }))

    it.effect("PATCH changes the given fields only and the change time; DELETE removes (204) and a second DELETE is 404", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const home = yield* createAddress(tokens.accessToken, HOME)
        yield* engine.clock.advance("1 minute")
        const patched = yield* request("PATCH", `/${home.id}`, tokens.accessToken, { road: "New Road", note: "Gate 2" })
        expect(patched.status, patched.text).toBe(200)
        const edited = patched.body as SavedAddressBody
        expect(edited).toEqual({ ...home, road: "New Road", note: "Gate 2", updatedAt: expect.any(String) })
        expect(Date.parse(edited.updatedAt) - Date.parse(home.createdAt)).toBeGreaterThanOrEqual(60_000)
        expect(yield* listAddresses(tokens.accessToken)).toEqual([edited])
        const removed = yield* request("DELETE", `/${home.id}`, tokens.accessToken)
        expect(removed.status).toBe(204)
        expect(removed.text).toBe("")
        expect(yield* listAddresses(tokens.accessToken)).toEqual([])
        expectProblem(yield* request("DELETE", `/${home.id}`, tokens.accessToken), 404, "address_not_found")
        expectProblem(yield* request("PATCH", `/${home.id}`, tokens.accessToken, { road: "x" }), 404, "address_not_found")
      }))

    it.effect("every operation decodes with its declared schemas through the client derived from the API", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const client = yield* storefrontClient(KEY, tokens.accessToken)
        const full = { road: "", thana: "", division: "", city: "", postcode: "", note: "", ...OFFICE, country: "BD" }
        const created = yield* client.addresses.createAddress({ payload: full })
        expect(created).toMatchObject({ ...full, id: expect.stringMatching(/^addr_/) })
        const updated = yield* client.addresses.updateAddress({ params: { addressId: created.id }, payload: { city: "Sylhet" } })
        expect(updated).toMatchObject({ id: created.id, city: "Sylhet", district: "Sylhet" })
        const profile = yield* client.customer.updateProfile({ payload: { defaultShippingAddressId: created.id } })
        expect(profile.defaultShippingAddressId).toBe(created.id)
        yield* client.addresses.deleteAddress({ params: { addressId: created.id } })
        const missing = yield* Effect.flip(client.addresses.deleteAddress({ params: { addressId: created.id } }))
        expect(missing._tag).toBe("AddressNotFoundProblem")
        expect((yield* client.customer.getProfile()).defaultShippingAddressId).toBe(null)
      }))

    it.effect("the book needs the bearer token", () =>
      Effect.gen(function*() {
        expectProblem(yield* request("GET", "", undefined), 401, "unauthorized")
        expectProblem(yield* request("POST", "", undefined, HOME), 401, "unauthorized")
        expectProblem(yield* request("DELETE", "/addr_x", "not-a-token"), 401, "unauthorized")
      }))
  })

  describe("ownership and the limit", () => {
    it.effect("another customer's address is 404 address_not_found everywhere and unchanged", () =>
      Effect.gen(function*() {
        const owner = yield* registerCustomer()
        const other = yield* registerCustomer()
        const home = yield* createAddress(owner.tokens.accessToken, HOME)
        expect(yield* listAddresses(other.tokens.accessToken)).toEqual([])
        expectProblem(yield* request("PATCH", `/${home.id}`, other.tokens.accessToken, { road: "Hijacked" }), 404, "address_not_found")
        expectProblem(yield* request("DELETE", `/${home.id}`, other.tokens.accessToken), 404, "address_not_found")
        expectProblem(yield* patchMe(other.tokens.accessToken, { defaultShippingAddressId: home.id }), 404, "address_not_found")
        expect(yield* listAddresses(owner.tokens.accessToken)).toEqual([home])
      }))

    it.effect("an id that is not an address id (no addr_ prefix) is 404 address_not_found, not a 500", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        for (const id of ["abcdefghij01", "cart_c6zdbweipbdybrwu5bzyryqgai", "a%2Fb"]) {
          expectProblem(yield* request("DELETE", `/${id}`, tokens.accessToken), 404, "address_not_found")
          expectProblem(yield* request("PATCH", `/${id}`, tokens.accessToken, { road: "x" }), 404, "address_not_found")
        }
      }))

    it.effect("a book holds 20 addresses: the 21st is 422 address_limit_reached until one is removed", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const saved: Array<SavedAddressBody> = []
        for (let index = 0; index < 20; index++) saved.push(yield* createAddress(tokens.accessToken, { ...HOME, house: String(index) }))
        const refused = yield* request("POST", "", tokens.accessToken, { ...HOME, house: "21" })
        expectProblem(refused, 422, "address_limit_reached")
        expect(refused.body).toMatchObject({ limit: 20 })
        expect(yield* listAddresses(tokens.accessToken)).toHaveLength(20)
        expect((yield* request("DELETE", `/${saved[0]!.id}`, tokens.accessToken)).status).toBe(204)
        yield* createAddress(tokens.accessToken, { ...HOME, house: "21" })
        expectProblem(yield* request("POST", "", tokens.accessToken, { ...HOME, house: "22" }), 422, "address_limit_reached")
      }))

    it.effect("concurrent saves never pass the limit", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        for (let index = 0; index < 15; index++) yield* createAddress(tokens.accessToken, { ...HOME, house: String(index) })
        const responses = yield* Effect.all(
          Array.from({ length: 10 }, (_, index) => request("POST", "", tokens.accessToken, { ...HOME, house: `c${index}` })),
          { concurrency: "unbounded" }
        )
        expect(responses.filter((response) => response.status === 201)).toHaveLength(5)
        expect(responses.filter((response) => response.status === 422)).toHaveLength(5)
        expect(yield* listAddresses(tokens.accessToken)).toHaveLength(20)
      }))
  })

  describe("the default shipping address", () => {
    it.effect("PATCH /customers/me sets it to an own address or null; removing the address clears it", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ defaultShippingAddressId: null })
        const home = yield* createAddress(tokens.accessToken, HOME)
        const office = yield* createAddress(tokens.accessToken, OFFICE)
        const set = yield* patchMe(tokens.accessToken, { defaultShippingAddressId: office.id })
        expect(set.status, set.text).toBe(200)
        expect(set.body).toMatchObject({ defaultShippingAddressId: office.id })
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ defaultShippingAddressId: office.id })
        // removing another address keeps it; removing the default clears it
        expect((yield* request("DELETE", `/${home.id}`, tokens.accessToken)).status).toBe(204)
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ defaultShippingAddressId: office.id })
        expect((yield* request("DELETE", `/${office.id}`, tokens.accessToken)).status).toBe(204)
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ defaultShippingAddressId: null })
        // null clears; an unknown id is 404 and changes nothing, not even the other fields sent with it
        const again = yield* createAddress(tokens.accessToken, HOME)
        expect((yield* patchMe(tokens.accessToken, { defaultShippingAddressId: again.id })).status).toBe(200)
        expectProblem(yield* patchMe(tokens.accessToken, { name: "Changed", defaultShippingAddressId: "addr_unknown" }), 404, "address_not_found")
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ name: "Test Customer", defaultShippingAddressId: again.id })
        expect((yield* patchMe(tokens.accessToken, { defaultShippingAddressId: null })).body).toMatchObject({ defaultShippingAddressId: null })
        expectProblem(yield* patchMe(tokens.accessToken, { defaultShippingAddressId: 7 }), 400, "validation_failed")
      }))
  })

  describe("bad input", () => {
    it.effect("bodies that break the Address rules are 400 validation_failed naming the field", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const expectInvalid = (response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: unknown }, path: string) => {
          expectProblem(response, 400, "validation_failed")
          expect((response.body as { errors: ReadonlyArray<{ path: string }> }).errors.map((error) => error.path)).toContain(path)
        }
        expectInvalid(yield* request("POST", "", tokens.accessToken, { name: "A", phone: "01711000000" }), "city")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, phone: "call me" }), "phone")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, name: "x".repeat(201) }), "name")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, note: "x".repeat(501) }), "note")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, email: "not-an-email" }), "email")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, id: "addr_mine" }), "id")
        expectInvalid(yield* request("POST", "", tokens.accessToken, { ...HOME, city: "Dha\u0000ka" }), "city")
        const home = yield* createAddress(tokens.accessToken, HOME)
        // a patch must leave a city or a district
        expectInvalid(yield* request("PATCH", `/${home.id}`, tokens.accessToken, { city: " " }), "city")
        expectInvalid(yield* request("PATCH", `/${home.id}`, tokens.accessToken, { name: "" }), "name")
        expectInvalid(yield* request("PATCH", `/${home.id}`, tokens.accessToken, { createdAt: "2020-01-01T00:00:00.000Z" }), "createdAt")
        expectProblem(yield* request("POST", "", tokens.accessToken, "{\"name\":"), 400, "invalid_json")
        expect(yield* listAddresses(tokens.accessToken)).toEqual([home])
      }))
  })

  describe("an unproven linked account", () => {
    it.effect("sees, uses and counts only the addresses it saved after the linking, until it proves the email", () =>
      Effect.gen(function*() {
        // the fixture's chat customer signs in with a code to its phone and saves an address
        const phone = "+8801711000009"
        const sent = yield* post("/auth/otp/request", { channel: "sms", phone, purpose: "login" }, { ip: freshIp() })
        expect(sent.status, sent.text).toBe(202)
        const { code } = lastNotificationTo(engine.notificationsFile, phone)
        const owner = expectAuthResult(yield* post("/auth/otp/verify", {
          verificationId: (sent.body as { verificationId: string }).verificationId, code
        }, { ip: freshIp() }))
        const earlier = yield* createAddress(owner.tokens.accessToken, HOME)
        expect((yield* patchMe(owner.tokens.accessToken, { defaultShippingAddressId: earlier.id })).status).toBe(200)
        yield* engine.clock.advance("1 second")
        // someone registers with the chat customer's email: a linked account, email unproven
        const linked = expectAuthResult(yield* post("/auth/register", {
          name: "Registrant", email: "chat@example.com", password: STRONG_PASSWORD
        }, { ip: freshIp() }), 201)
        const token = linked.tokens.accessToken
        yield* engine.clock.advance("1 second")
        expect(yield* listAddresses(token)).toEqual([])
        expect(yield* accountRoutes.profile(token)).toMatchObject({ defaultShippingAddressId: null })
        expectProblem(yield* request("PATCH", `/${earlier.id}`, token, { road: "x" }), 404, "address_not_found")
        expectProblem(yield* request("DELETE", `/${earlier.id}`, token), 404, "address_not_found")
        expectProblem(yield* patchMe(token, { defaultShippingAddressId: earlier.id }), 404, "address_not_found")
        const cart = yield* rawRequest("POST", "/v1/store/cart", {
          headers: { "x-publishable-api-key": KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{}"
        })
        expect(cart.status, cart.text).toBe(201)
        const cartId = (cart.body as { id: string }).id
        const putAddress = (addressId: string) =>
          rawRequest("PUT", `/v1/store/cart/${cartId}/shipping-address`, {
            headers: { "x-publishable-api-key": KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ addressId })
          })
        expectProblem(yield* putAddress(earlier.id), 404, "address_not_found")
        // what it saves itself it sees, and may make the default
        const own = yield* createAddress(token, OFFICE)
        expect(yield* listAddresses(token)).toEqual([own])
        const copied = yield* putAddress(own.id)
        expect(copied.status, copied.text).toBe(200)
        expect((copied.body as { shippingAddress: { district: string } }).shippingAddress.district).toBe("Sylhet")
        expect((yield* patchMe(token, { defaultShippingAddressId: own.id })).body).toMatchObject({ defaultShippingAddressId: own.id })
        expect(yield* accountRoutes.profile(token)).toMatchObject({ defaultShippingAddressId: own.id })
        // proving the email shows the whole book
        const proof = yield* post("/auth/otp/request", { channel: "email", email: "chat@example.com", purpose: "verify_email" }, { ip: freshIp(), accessToken: token })
        expect(proof.status, proof.text).toBe(202)
        const emailCode = lastNotificationTo(engine.notificationsFile, "chat@example.com").code
        const verified = yield* post("/auth/otp/verify", {
          verificationId: (proof.body as { verificationId: string }).verificationId, code: emailCode
        }, { ip: freshIp(), accessToken: token })
        expect(verified.status, verified.text).toBe(200)
        expect((yield* listAddresses(token)).map((saved) => saved.id)).toEqual([earlier.id, own.id])
      }))
  })
})
