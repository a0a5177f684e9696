/**
 * Privacy between customers (issue 9, docs/contract/accounts.md): a guest order reaches an account only
 * through a contact the account proved. The reproductions, each failing on the earlier code:
 * registering with somebody else's phone or email and then reading their guest orders; a
 * registrant over a chat-imported customer seeing that customer's phone; a linked account
 * without earlier orders reading /customers/me/orders. And the positive cases: prove the
 * contact (verify_phone, verify_email, an OTP login), then see; change it, and it is hidden again.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { expectAuthResult, freshEmail, freshIp, freshPhone } from "../support/account-http.ts"
import { lastNotificationTo, patchMe, post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "../support/cart-http.ts"
import { expectProblem, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { myOrder, myOrders, orderIds } from "../support/order-history-http.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { testEngines } from "../support/test-database.ts"


for (const engine of testEngines()) {
  const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-privacy-")), "notifications.jsonl")
  const stores = postgresBuyingTestStores(engine, buyingFixture(), notificationsFile).pipe(
    Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
  )

  /** A guest buys one gift card, shipping to this phone (and email): the order's id. */
  const guestOrder = (contact: { readonly phone: string; readonly email?: string }) =>
    Effect.gen(function*() {
      const gift = yield* fixtureVariant("FIX-GIFT-1")
      const cart = yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 1 }] })
      expectCart(yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-address`, { ...DHAKA_ADDRESS, ...contact }))
      const order = yield* storeRequest("POST", `/cart/${cart.cart.id}/checkout`)
      expect(order.status, order.text).toBe(201)
      return (order.body as { id: string }).id
    })

  /** A customer registered with `registration` and a guest order to `contact`, which they cannot see yet. */
  const unprovenRegistrant = (
    registration: { readonly email?: string; readonly phone?: string },
    contact: { readonly phone: string; readonly email?: string }
  ) =>
    Effect.gen(function*() {
      const { tokens } = yield* registerCustomer(registration)
      const orderId = yield* guestOrder(contact)
      expect(orderIds(yield* myOrders(tokens.accessToken))).toEqual([])
      return { accessToken: tokens.accessToken, orderId }
    })

  /** Sends a code to the destination and presents it (signed in for verify_*). */
  const proveWithCode = (
    accessToken: string | undefined,
    request: { readonly channel: "sms" | "email"; readonly destination: string; readonly purpose: string }
  ) =>
    Effect.gen(function*() {
      const contact = request.channel === "sms" ? { phone: request.destination } : { email: request.destination }
      const caller = { ip: freshIp(), ...(accessToken === undefined ? {} : { accessToken }) }
      const sent = yield* post("/auth/otp/request", { channel: request.channel, purpose: request.purpose, ...contact }, caller)
      expect(sent.status, sent.text).toBe(202)
      const { code } = lastNotificationTo(notificationsFile, request.destination)
      return yield* post("/auth/otp/verify", { verificationId: (sent.body as { verificationId: string }).verificationId, code }, caller)
    })

  layer(testServer(stores), { excludeTestServices: true })(`order privacy over HTTP (${engine.name})`, (it) => {
    describe("guest orders reach an account only through a proven contact", () => {
      it.effect("registering with somebody's phone shows none of their guest orders; proving the phone shows them", () =>
        Effect.gen(function*() {
          const phone = freshPhone()
          const { accessToken, orderId } = yield* unprovenRegistrant({ phone }, { phone })
          expectProblem(yield* myOrder(accessToken, orderId), 404, "order_not_found")
          // the phone's owner proves it: the earlier guest order appears, detail included
          const verified = yield* proveWithCode(accessToken, { channel: "sms", destination: phone, purpose: "verify_phone" })
          expect(verified.status, verified.text).toBe(200)
          expect(orderIds(yield* myOrders(accessToken))).toEqual([orderId])
          expect((yield* myOrder(accessToken, orderId)).status).toBe(200)
        }))

      it.effect("registering with somebody's email shows none of their guest orders; verify_email shows them", () =>
        Effect.gen(function*() {
          const email = freshEmail("owner")
          const { accessToken, orderId } = yield* unprovenRegistrant({ email, phone: freshPhone() }, { phone: freshPhone(), email })
          const verified = yield* proveWithCode(accessToken, { channel: "email", destination: email, purpose: "verify_email" })
          expect(verified.status, verified.text).toBe(200)
          expect(orderIds(yield* myOrders(accessToken))).toEqual([orderId])
        }))

      it.effect("an OTP login to the phone proves it too", () =>
        Effect.gen(function*() {
          const phone = freshPhone()
          const { accessToken, orderId } = yield* unprovenRegistrant({ phone }, { phone })
          const login = expectAuthResult(yield* proveWithCode(undefined, { channel: "sms", destination: phone, purpose: "login" }))
          expect(orderIds(yield* myOrders(login.tokens.accessToken))).toEqual([orderId])
        }))

      it.effect("an order placed signed in is always shown; changing the phone hides the guest orders matched by it", () =>
        Effect.gen(function*() {
          const phone = freshPhone()
          const customer = yield* registerCustomer({ phone })
          const token = customer.tokens.accessToken
          const gift = yield* fixtureVariant("FIX-GIFT-1")
          const mine = yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 1 }] }, { accessToken: token })
          expectCart(yield* storeRequest("PUT", `/cart/${mine.cart.id}/shipping-address`, { ...DHAKA_ADDRESS, phone: freshPhone() }, { accessToken: token }))
          const signedInOrder = ((yield* storeRequest("POST", `/cart/${mine.cart.id}/checkout`, undefined, { accessToken: token })).body as { id: string }).id
          const guestOrderId = yield* guestOrder({ phone })
          expect(orderIds(yield* myOrders(token))).toEqual([signedInOrder])
          yield* proveWithCode(token, { channel: "sms", destination: phone, purpose: "verify_phone" })
          expect(orderIds(yield* myOrders(token)).sort()).toEqual([signedInOrder, guestOrderId].sort())
          expect((yield* patchMe(token, { phone: freshPhone() })).status).toBe(200)
          expect(orderIds(yield* myOrders(token))).toEqual([signedInOrder])
          expect(yield* accountRoutes.profile(token)).toMatchObject({ phoneVerified: false })
        }))
    })

    describe("a linked account (a password attached to a chat or guest customer)", () => {
      it.effect("sees nothing recorded before the linking and gets 403 on its orders until the email is verified", () =>
        Effect.gen(function*() {
          // the fixture's chat-imported customer: chat@example.com, +8801711000009
          const registered = yield* post("/auth/register", {
            name: "Registrant", email: "chat@example.com", password: STRONG_PASSWORD
          }, { ip: freshIp() })
          const linked = expectAuthResult(registered, 201)
          const token = linked.tokens.accessToken
          const me = yield* accountRoutes.profile(token)
          expect(me).toMatchObject({ name: "Registrant", email: "chat@example.com", phone: null, emailVerified: false })
          // no orders exist for it, and still: 403 until the email is proven
          expectProblem(yield* myOrders(token), 403, "email_verification_required")
          expectProblem(yield* myOrder(token, "ord_anything"), 403, "email_verification_required")
          const verified = yield* proveWithCode(token, { channel: "email", destination: "chat@example.com", purpose: "verify_email" })
          expect(verified.status, verified.text).toBe(200)
          expect(orderIds(yield* myOrders(token))).toEqual([])
          expect(yield* accountRoutes.profile(token)).toMatchObject({ name: "Registrant", phone: "+8801711000009", emailVerified: true })
        }))
    })
  })
}
