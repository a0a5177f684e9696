/**
 * One person per phone number (issue 29, docs/contract/accounts.md), through the real server on PGlite and
 * PostgreSQL: a Bangladeshi mobile number written `01…`, `8801…`, `+8801…` or `008801…` (with
 * spaces or dashes) is one number: each form signs in the same customer, a guest order shipped to
 * another form of it is found once the number is proven, and no other account can take it.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { expectAuthResult, freshEmail, freshIp, lastNotificationTo, makeShiftedClock, patchMe, post } from "../support/account-http.ts"
import { STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "../support/cart-http.ts"
import { expectProblem, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { myOrders, orderIds } from "../support/order-history-http.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { testEngines } from "../support/test-database.ts"

/** Ten national digits `1XXXXXXXXX` of a number nobody else in the run has. */
const freshNational = () => `17${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`
const forms = (national: string) => ({
  local: `0${national}`,
  international: `880${national}`,
  e164: `+880${national}`,
  dialled: `00880${national}`,
  spaced: `+880 ${national.slice(0, 4)}-${national.slice(4)}`
})

for (const engine of testEngines()) {
  const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-phones-")), "notifications.jsonl")
  const clock = makeShiftedClock()
  const stores = postgresBuyingTestStores(engine, buyingFixture(), notificationsFile).pipe(
    Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 })),
    Layer.provideMerge(clock.layer)
  )

  const guestOrder = (phone: string) =>
    Effect.gen(function*() {
      const gift = yield* fixtureVariant("FIX-GIFT-1")
      const cart = yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 1 }] })
      expectCart(yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-address`, { ...DHAKA_ADDRESS, phone }))
      const order = yield* storeRequest("POST", `/cart/${cart.cart.id}/checkout`)
      expect(order.status, order.text).toBe(201)
      const placed = order.body as { id: string; shippingAddress: { phone: string } }
      expect(placed.shippingAddress.phone).toBe(phone) // riders read it as written
      return placed.id
    })

  /** A code for `purpose` sent to `phone` (as written), presented: the verify response. */
  const proveByCode = (phone: string, purpose: "login" | "verify_phone", canonical: string, accessToken?: string) =>
    Effect.gen(function*() {
      yield* clock.advance("61 seconds") // one code per destination and minute
      const caller = { ip: freshIp(), ...(accessToken === undefined ? {} : { accessToken }) }
      const sent = yield* post("/auth/otp/request", { channel: "sms", phone, purpose }, caller)
      expect(sent.status, sent.text).toBe(202)
      const notification = lastNotificationTo(notificationsFile, canonical)
      expect(notification.purpose).toBe(purpose)
      const verificationId = (sent.body as { verificationId: string }).verificationId
      return yield* post("/auth/otp/verify", { verificationId, code: notification.code }, caller)
    })

  layer(testServer(stores), { excludeTestServices: true })(`phones in any form (${engine.name})`, (it) => {
    it.effect("each of the four forms signs in the customer a guest order made, who then sees that order", () =>
      Effect.gen(function*() {
        const phone = forms(freshNational())
        const orderId = yield* guestOrder(`${phone.local.slice(0, 5)}-${phone.local.slice(5)}`)
        const signedIn = new Set<string>()
        for (const written of [phone.e164, phone.international, phone.local, phone.dialled, phone.spaced]) {
          const result = expectAuthResult(yield* proveByCode(written, "login", phone.e164))
          signedIn.add(result.customerId)
          const me = yield* accountRoutes.profile(result.tokens.accessToken)
          expect(me).toMatchObject({ phone: phone.e164, phoneVerified: true })
          expect(orderIds(yield* myOrders(result.tokens.accessToken))).toEqual([orderId])
        }
        expect(signedIn.size).toBe(1)
      }))

    it.effect("a registered phone in another form: shown canonical, finds guest orders once proven, and no one else can take it", () =>
      Effect.gen(function*() {
        const phone = forms(freshNational())
        const registered = yield* post("/auth/register", { name: "Nusrat", email: freshEmail(), password: STRONG_PASSWORD, phone: phone.spaced }, { ip: freshIp() })
        const { tokens } = expectAuthResult(registered, 201)
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ phone: phone.e164, phoneVerified: false })
        const orderId = yield* guestOrder(phone.local)
        expect(orderIds(yield* myOrders(tokens.accessToken))).toEqual([])
        const proven = yield* proveByCode(phone.dialled, "verify_phone", phone.e164, tokens.accessToken)
        expect(proven.status, proven.text).toBe(200)
        expect(orderIds(yield* myOrders(tokens.accessToken))).toEqual([orderId])

        // another account: neither its profile nor a registration may hold the number in any form
        const other = expectAuthResult(yield* post("/auth/register", { name: "Other", email: freshEmail(), password: STRONG_PASSWORD }, { ip: freshIp() }), 201)
        for (const written of [phone.local, phone.international, phone.e164, phone.dialled, phone.spaced]) {
          expectProblem(yield* patchMe(other.tokens.accessToken, { phone: written }), 409, "email_already_registered")
          expectProblem(
            yield* post("/auth/register", { name: "Other", email: freshEmail(), password: STRONG_PASSWORD, phone: written }, { ip: freshIp() }),
            409,
            "email_already_registered"
          )
        }
        expect(yield* accountRoutes.profile(other.tokens.accessToken)).toMatchObject({ phone: null })
        // the owner sending back another form of their own number changes nothing
        const same = yield* patchMe(tokens.accessToken, { phone: phone.local })
        expect(same.status, same.text).toBe(200)
        expect(same.body).toMatchObject({ phone: phone.e164, phoneVerified: true })
      }))

    it.effect("a phone with letters or fewer than 7 digits is 400 on its field and changes nothing", () =>
      Effect.gen(function*() {
        const owner = expectAuthResult(yield* post("/auth/register", { name: "Ann", email: freshEmail(), password: STRONG_PASSWORD }, { ip: freshIp() }), 201)
        const before = yield* accountRoutes.profile(owner.tokens.accessToken)
        for (const bad of ["01819l23456", "123456", "+880", "phone", "0181-912-345x", "01819/123456"]) {
          const patched = yield* patchMe(owner.tokens.accessToken, { phone: bad })
          expectProblem(patched, 400, "validation_failed")
          expect(JSON.stringify((patched.body as { errors: unknown }).errors)).toContain("phone")
          expectProblem(yield* post("/auth/otp/request", { channel: "sms", phone: bad, purpose: "login" }, { ip: freshIp() }), 400, "validation_failed")
          const email = freshEmail()
          expectProblem(yield* post("/auth/register", { name: "Bad", email, password: STRONG_PASSWORD, phone: bad }, { ip: freshIp() }), 400, "validation_failed")
          expectProblem(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 401, "invalid_credentials")
        }
        expect(yield* accountRoutes.profile(owner.tokens.accessToken)).toEqual(before)
      }))
  })
}
