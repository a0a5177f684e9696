/**
 * No way into someone else's account, whichever way its owner proves the email (issue 27,
 * docs/contract/accounts.md): a registration over a guest's email is a claim that only a `verify_email` code
 * from the registrant's own sessions adopts. Each route of the probe: the owner signs in by a
 * login code mailed to the email; the registrant plants a phone afterwards with his session; the
 * owner signs in by an SMS code to the guest order's phone and then proves the email. In each the
 * registration is undone: its sessions, its password and the phone it gave are gone.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { freshIp, freshPhone, getMe, patchMe, post, STRONG_PASSWORD } from "../support/account-http.ts"
import { takeoverSteps } from "../support/account-takeover-http.ts"
import { buyingFixture } from "../support/buying-fixture.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { myOrders, orderIds } from "../support/order-history-http.ts"
import { expectProblem } from "../support/store-http.ts"
import { testEngines } from "../support/test-database.ts"
import { testServer } from "../support/test-server.ts"

for (const engine of testEngines()) {
  const notificationsFile = join(mkdtempSync(join(tmpdir(), "storefront-claim-")), "notifications.jsonl")
  const stores = postgresBuyingTestStores(engine, buyingFixture(), notificationsFile).pipe(
    Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
  )
  const { expectNoSmsLogin, linkedOverGuest, presentCode, requestCode, signInByCode } = takeoverSteps(notificationsFile)

  /** The registrant is out: his session, his refresh token and his password open nothing. */
  const expectRegistrantLockedOut = (registrant: { readonly token: string; readonly refreshToken: string }, email: string) =>
    Effect.gen(function*() {
      expectProblem(yield* getMe(registrant.token), 401, "unauthorized")
      expectProblem(yield* myOrders(registrant.token), 401, "unauthorized")
      expectProblem(yield* post("/auth/refresh", { refreshToken: registrant.refreshToken }, { ip: freshIp() }), 401, "invalid_refresh_token")
      expectProblem(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 401, "invalid_credentials")
    })

  layer(testServer(stores), { excludeTestServices: true })(`a registration's claim over HTTP (${engine.name})`, (it) => {
    describe("the owner proves the email another way than the registrant's verify_email", () => {
      it.effect("a login code mailed to the email undoes the registration: the owner's record, the registrant out", () =>
        Effect.gen(function*() {
          const attackerPhone = freshPhone()
          const registrant = yield* linkedOverGuest({ name: "Attacker", phone: attackerPhone })
          const { owner, orderId } = registrant
          expectProblem(
            yield* post("/auth/register", { name: owner.name, email: owner.email, password: "owner-own-password" }, { ip: freshIp() }),
            409,
            "email_already_registered"
          )
          const ownerTokens = yield* signInByCode({ email: owner.email })
          expect(yield* getMe(ownerTokens.accessToken)).toMatchObject({
            status: 200,
            body: { name: owner.name, email: owner.email, phone: owner.phone, emailVerified: true }
          })
          expect(orderIds(yield* myOrders(ownerTokens.accessToken))).toEqual([orderId])
          yield* expectRegistrantLockedOut(registrant, owner.email)
          yield* expectNoSmsLogin(attackerPhone)
        }))

      it.effect("a phone the registrant plants afterwards with his session cannot be: the session is revoked", () =>
        Effect.gen(function*() {
          const registrant = yield* linkedOverGuest({ name: "Attacker" })
          const { owner } = registrant
          yield* signInByCode({ email: owner.email })
          const planted = freshPhone()
          expectProblem(yield* patchMe(registrant.token, { phone: planted }), 401, "unauthorized")
          expectProblem(
            yield* requestCode({ channel: "sms", phone: planted, purpose: "verify_phone" }, registrant.token),
            401,
            "unauthorized"
          )
          yield* expectRegistrantLockedOut(registrant, owner.email)
          yield* expectNoSmsLogin(planted)
        }))

      it.effect("an SMS login to the guest order's phone, then verify_email from that session, undoes the registration", () =>
        Effect.gen(function*() {
          const attackerPhone = freshPhone()
          const registrant = yield* linkedOverGuest({ name: "Attacker", phone: attackerPhone })
          const { owner, orderId } = registrant
          const ownerTokens = yield* signInByCode({ phone: owner.phone })
          const sent = yield* requestCode({ channel: "email", email: owner.email, purpose: "verify_email" }, ownerTokens.accessToken)
          expect(sent.status, sent.text).toBe(202)
          const verified = yield* presentCode(sent, owner.email, ownerTokens.accessToken)
          expect(verified.status, verified.text).toBe(200)
          // the owner's session stays; the record is the one from before the registration
          expect(yield* getMe(ownerTokens.accessToken)).toMatchObject({
            status: 200,
            body: { name: owner.name, email: owner.email, phone: owner.phone, emailVerified: true, phoneVerified: true }
          })
          expect(orderIds(yield* myOrders(ownerTokens.accessToken))).toEqual([orderId])
          yield* expectRegistrantLockedOut(registrant, owner.email)
          yield* expectNoSmsLogin(attackerPhone)
        }))

      it.effect("a verify_email code the registrant asked for, entered in the owner's session, undoes the registration", () =>
        Effect.gen(function*() {
          const attackerPhone = freshPhone()
          const registrant = yield* linkedOverGuest({ name: "Attacker", phone: attackerPhone })
          const { owner } = registrant
          const sent = yield* requestCode({ channel: "email", email: owner.email, purpose: "verify_email" }, registrant.token)
          expect(sent.status, sent.text).toBe(202)
          const ownerTokens = yield* signInByCode({ phone: owner.phone })
          expect((yield* presentCode(sent, owner.email, ownerTokens.accessToken)).status).toBe(200)
          expect((yield* getMe(ownerTokens.accessToken)).body).toMatchObject({ name: owner.name, phone: owner.phone, emailVerified: true })
          yield* expectRegistrantLockedOut(registrant, owner.email)
        }))
    })

    describe("the registrant proves the email from his own sessions", () => {
      it.effect("a verify_email code from a session his password opened adopts what he gave", () =>
        Effect.gen(function*() {
          const givenPhone = freshPhone()
          const { orderId, owner } = yield* linkedOverGuest({ name: "Owner Registering", phone: givenPhone })
          const login = yield* post("/auth/login", { email: owner.email, password: STRONG_PASSWORD }, { ip: freshIp() })
          expect(login.status, login.text).toBe(200)
          const token = (login.body as { tokens: { accessToken: string } }).tokens.accessToken
          const sent = yield* requestCode({ channel: "email", email: owner.email, purpose: "verify_email" }, token)
          expect((yield* presentCode(sent, owner.email, token)).status).toBe(200)
          expect((yield* getMe(token)).body).toMatchObject({ name: "Owner Registering", phone: givenPhone, emailVerified: true })
          expect(orderIds(yield* myOrders(token))).toEqual([orderId])
          expect((yield* post("/auth/login", { email: owner.email, password: STRONG_PASSWORD }, { ip: freshIp() })).status).toBe(200)
        }))
    })
  })
}
