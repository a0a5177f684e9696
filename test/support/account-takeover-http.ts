/**
 * The steps of the account takeover probes (issues 18 and 27) over HTTP: a guest order, a
 * registration over its email, codes requested and presented, the owner's reset through the
 * mailed link. Each reads the codes from the NOTIFICATIONS_FILE the server writes.
 */
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  eventually,
  expectAuthResult,
  freshEmail,
  freshIp,
  freshPhone,
  lastNotificationTo,
  notificationsTo,
  post,
  STRONG_PASSWORD
} from "./account-http.ts"
import { fixtureVariant } from "./buying-fixture.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "./cart-http.ts"
import { storeRequest } from "./store-http.ts"


export const takeoverSteps = (notificationsFile: string) => {
  /** A guest checks out to this address; the order's id. */
  const guestOrder = (contact: { readonly name: string; readonly phone: string; readonly email: string }) =>
    Effect.gen(function*() {
      const gift = yield* fixtureVariant("FIX-GIFT-1")
      const cart = yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 1 }] })
      expectCart(yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-address`, {
        ...DHAKA_ADDRESS,
        ...contact,
        road: "5 Private Road"
      }))
      const order = yield* storeRequest("POST", `/cart/${cart.cart.id}/checkout`)
      expect(order.status, order.text).toBe(201)
      return (order.body as { id: string }).id
    })

  const requestCode = (body: Record<string, string>, accessToken?: string) =>
    post("/auth/otp/request", body, { ip: freshIp(), ...(accessToken === undefined ? {} : { accessToken }) })

  /** A code sent to `destination` (it must have been sent) presented with the caller's token, if any. */
  const presentCode = (sent: { readonly body: unknown }, destination: string, accessToken?: string) =>
    post("/auth/otp/verify", {
      verificationId: (sent.body as { verificationId: string }).verificationId,
      code: lastNotificationTo(notificationsFile, destination).code
    }, { ip: freshIp(), ...(accessToken === undefined ? {} : { accessToken }) })

  /** A login code to the email or phone, then presented: the AuthResult's tokens. */
  const signInByCode = (destination: { readonly email: string } | { readonly phone: string }) =>
    Effect.gen(function*() {
      const to = "email" in destination ? destination.email : destination.phone
      const sent = yield* requestCode({ channel: "email" in destination ? "email" : "sms", ...destination, purpose: "login" })
      expect(sent.status, sent.text).toBe(202)
      return expectAuthResult(yield* presentCode(sent, to)).tokens
    })

  /** The owner's guest order, then a registration over its email: the registrant's tokens. */
  const linkedOverGuest = (registrant: { readonly name: string; readonly phone?: string }) =>
    Effect.gen(function*() {
      const owner = { name: "Real Owner", phone: freshPhone(), email: freshEmail("owner") }
      const orderId = yield* guestOrder(owner)
      const registered = yield* post("/auth/register", {
        name: registrant.name,
        email: owner.email,
        password: STRONG_PASSWORD,
        ...(registrant.phone === undefined ? {} : { phone: registrant.phone })
      }, { ip: freshIp() })
      const tokens = expectAuthResult(registered, 201).tokens
      return { owner, orderId, token: tokens.accessToken, refreshToken: tokens.refreshToken }
    })

  /** The owner resets the password through the link mailed to them; their new access token. */
  const resetThroughEmailedLink = (email: string) =>
    Effect.gen(function*() {
      const before = notificationsTo(notificationsFile, email).length
      expect((yield* post("/auth/forgot-password", { email }, { ip: freshIp() })).status).toBe(202)
      yield* eventually(() => notificationsTo(notificationsFile, email).length > before, "the reset email")
      const { token } = lastNotificationTo(notificationsFile, email)
      const reset = yield* post("/auth/reset-password", { token, newPassword: "owner-takes-back-the-keys" }, { ip: freshIp() })
      return expectAuthResult(reset).tokens.accessToken
    })

  /** A login code asked for this phone answers 202 and sends nothing: the phone is nobody's. */
  const expectNoSmsLogin = (phone: string) =>
    Effect.gen(function*() {
      const before = notificationsTo(notificationsFile, phone).length
      expect((yield* requestCode({ channel: "sms", phone, purpose: "login" })).status).toBe(202)
      expect(notificationsTo(notificationsFile, phone).length).toBe(before)
    })

  return { guestOrder, requestCode, presentCode, signInByCode, linkedOverGuest, resetThroughEmailedLink, expectNoSmsLogin }
}
