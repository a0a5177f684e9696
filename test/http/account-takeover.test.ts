/**
 * The takeover through a phone planted on a linked account (issue 18, docs/contract/accounts.md), step by step
 * as it was probed: a guest buys with an email; someone registers with that email (the account is
 * linked, its email unproven); the registrant tries to plant and prove a phone of their own; the
 * real owner resets the password through the emailed link; the registrant tries to sign in by SMS.
 * Each step's refusal is asserted, and what the owner sees after the reset: the record as it was
 * before the link, the email proven, the order. And the other way of proving the email: a
 * `verify_email` code, which makes what the registrant gave the account's.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { freshEmail, freshIp, freshPhone, getMe, notificationsTo, patchMe, post, STRONG_PASSWORD } from "../support/account-http.ts"
import { takeoverSteps } from "../support/account-takeover-http.ts"
import { DHAKA_ADDRESS } from "../support/cart-http.ts"
import { expectProblem, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { myOrders, orderIds } from "../support/order-history-http.ts"
import { buyingFixture } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { testEngines } from "../support/test-database.ts"

for (const engine of testEngines()) {
  const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-takeover-")), "notifications.jsonl")
  const stores = postgresBuyingTestStores(engine, buyingFixture(), notificationsFile).pipe(
    Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
  )

  const { guestOrder, linkedOverGuest, presentCode, requestCode, resetThroughEmailedLink } = takeoverSteps(notificationsFile)

  layer(testServer(stores), { excludeTestServices: true })(`account takeover over HTTP (${engine.name})`, (it) => {
    describe("a phone planted on a linked account", () => {
      it.effect("every step of the probe is refused, and the owner's reset hands back the record as it was", () =>
        Effect.gen(function*() {
          const attackerPhone = freshPhone()
          const givenPhone = freshPhone()
          const { owner, orderId, token } = yield* linkedOverGuest({ name: "Planter", phone: givenPhone })
          // the registrant sees only what they gave
          expect(yield* getMe(token)).toMatchObject({
            status: 200,
            body: { name: "Planter", email: owner.email, phone: givenPhone, emailVerified: false, phoneVerified: false }
          })
          // step 3: no contact can be planted or changed
          expectProblem(yield* patchMe(token, { phone: attackerPhone }), 403, "email_verification_required")
          expectProblem(yield* patchMe(token, { phone: null }), 403, "email_verification_required")
          expectProblem(yield* patchMe(token, { email: freshEmail("attacker") }), 403, "email_verification_required")
          // what it is shown may be sent back (a profile form), and a name change is held apart
          const renamed = yield* patchMe(token, { name: "Attacker", email: owner.email, phone: givenPhone })
          expect(renamed.status, renamed.text).toBe(200)
          expect(renamed.body).toMatchObject({ name: "Attacker", phone: givenPhone })
          // step 4: no phone can be proven
          expectProblem(
            yield* requestCode({ channel: "sms", phone: givenPhone, purpose: "verify_phone" }, token),
            403,
            "email_verification_required"
          )
          expect(notificationsTo(notificationsFile, givenPhone)).toEqual([])
          expectProblem(yield* myOrders(token), 403, "email_verification_required")
          // an address the registrant saves, and makes the default, is theirs alone
          const saved = yield* storeRequest("POST", "/customers/me/addresses", { ...DHAKA_ADDRESS, name: "Planter", road: "Drop Road" }, { accessToken: token })
          expect(saved.status, saved.text).toBe(201)
          const savedId = (saved.body as { id: string }).id
          expect((yield* patchMe(token, { defaultShippingAddressId: savedId })).status).toBe(200)

          // step 5: the owner resets the password through the emailed link
          const ownerToken = yield* resetThroughEmailedLink(owner.email)
          expect((yield* getMe(token)).status).toBe(401)
          // step 6: the email is proven by the reset; the record is the owner's, nothing the registrant gave
          expect(yield* getMe(ownerToken)).toMatchObject({
            status: 200,
            body: { name: "Real Owner", email: owner.email, phone: owner.phone, emailVerified: true, phoneVerified: false }
          })
          expect(orderIds(yield* myOrders(ownerToken))).toEqual([orderId])
          // what the registrant added since the link is gone: the address, and the default naming it
          const book = yield* storeRequest("GET", "/customers/me/addresses", undefined, { accessToken: ownerToken })
          expect(book.status, book.text).toBe(200)
          expect(book.text).not.toContain(savedId)
          expect(book.text).not.toContain("Drop Road")
          expect((yield* getMe(ownerToken)).body).toMatchObject({ defaultShippingAddressId: null })
          // the reset proved the email: asking for a verify_email code is not held to the reset's send limit
          expect((yield* requestCode({ channel: "email", email: owner.email, purpose: "verify_email" }, ownerToken)).status)
            .toBe(202)

          // step 7: neither the planted nor the given phone signs anyone in
          for (const phone of [attackerPhone, givenPhone]) {
            const login = yield* requestCode({ channel: "sms", phone, purpose: "login" })
            expect(login.status).toBe(202)
            expect(notificationsTo(notificationsFile, phone)).toEqual([])
          }
        }))

      it.effect("the registrant cannot prove even the phone recorded before the link", () =>
        Effect.gen(function*() {
          // the fixture's linked accounts have the owner's phone; the registrant asks to prove it
          const { owner, token } = yield* linkedOverGuest({ name: "Planter" })
          expectProblem(
            yield* requestCode({ channel: "sms", phone: owner.phone, purpose: "verify_phone" }, token),
            403,
            "email_verification_required"
          )
          expect(notificationsTo(notificationsFile, owner.phone)).toEqual([])
        }))

      it.effect("a phone another customer holds cannot be given at registration over a linked email", () =>
        Effect.gen(function*() {
          const someone = { name: "Someone", phone: freshPhone(), email: freshEmail("someone") }
          yield* guestOrder(someone)
          const owner = { name: "Real Owner", phone: freshPhone(), email: freshEmail("owner") }
          yield* guestOrder(owner)
          const registered = yield* post("/auth/register", {
            name: "Planter", email: owner.email, password: STRONG_PASSWORD, phone: someone.phone
          }, { ip: freshIp() })
          expectProblem(registered, 409, "email_already_registered")
        }))
    })

    describe("proving the email with a verify_email code", () => {
      it.effect("makes what the registrant gave the account's: their name and phone, then the orders", () =>
        Effect.gen(function*() {
          const givenPhone = freshPhone()
          const { owner, orderId, token } = yield* linkedOverGuest({ name: "Owner Registering", phone: givenPhone })
          const sent = yield* requestCode({ channel: "email", email: owner.email, purpose: "verify_email" }, token)
          expect(sent.status, sent.text).toBe(202)
          const verified = yield* presentCode(sent, owner.email, token)
          expect(verified.status, verified.text).toBe(200)
          expect(yield* getMe(token)).toMatchObject({
            status: 200,
            body: { name: "Owner Registering", phone: givenPhone, emailVerified: true, phoneVerified: false }
          })
          expect(orderIds(yield* myOrders(token))).toEqual([orderId])
          // now the account is theirs: a phone can be proven and changed
          const phoneCode = yield* requestCode({ channel: "sms", phone: givenPhone, purpose: "verify_phone" }, token)
          expect(phoneCode.status, phoneCode.text).toBe(202)
          expect((yield* presentCode(phoneCode, givenPhone, token)).status).toBe(200)
          expect((yield* patchMe(token, { phone: freshPhone() })).status).toBe(200)
        }))
    })
  })
}
