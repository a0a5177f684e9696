/**
 * Messages delivered over real protocols, through the real server on PGlite and PostgreSQL: a
 * real SMTP server (smtp-server, with a login) receives the mail the relay sends, read back as a
 * mail client would (mailparser), and a webhook endpoint receives the back-office events.
 * - a verify_email code requested in Bangla arrives in Bangla, and the code in it verifies;
 * - a reset link arrives, and the token in it resets the password;
 * - checkout's order confirmation arrives with the order number, the lines, the total and the
 *   payment method; order.placed arrives signed (Standard Webhooks) with the order as the API shows it;
 * - /metrics counts the sent mail; /ready shows the outbox.
 */
import { expect } from "@effect/vitest"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { BackgroundLoops } from "../../application/shared/background-loops.ts"
import { postgresAccountStores } from "../../config/account-stores.ts"
import { renderBackOfficeEvent } from "../../config/back-office-events.ts"
import { postgresBuyingStores } from "../../config/buying-stores.ts"
import { notificationDelivery } from "../../config/notification-delivery.ts"
import { ShippingMethodId } from "../../domain/shared/ids.ts"
import { freshIp, post, registerCustomer } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { testDeliveryConfig, WEBHOOK_SECRET } from "../support/outbox-delivery.ts"
import { seededPostgresStores } from "../support/seeded-stores.ts"
import { type SmtpInbox, startSmtpInbox } from "../support/smtp-inbox.ts"
import { verifyStandardWebhook } from "../support/standard-webhooks-verifier.ts"
import { serverSuites, storeRequest } from "../support/store-http.ts"
import { isSharedDatabase, testEngines } from "../support/test-database.ts"
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts"
import { rawRequest } from "../support/test-server.ts"

class Gateways extends Context.Service<Gateways, { readonly inbox: SmtpInbox; readonly receiver: WebhookReceiver }>()("test/Gateways") {}

const gatewaysLayer = Layer.effect(Gateways, Effect.acquireRelease(
  Effect.promise(async () => ({
    inbox: await startSmtpInbox({ auth: { user: "shop", pass: "s3cret pass" } }),
    receiver: await startWebhookReceiver()
  })),
  ({ inbox, receiver }) => Effect.promise(async () => {
    await inbox.close()
    await receiver.close()
  })
))

const engines = testEngines().map((engine) => {
  const shared = isSharedDatabase(engine)
  const stores = Layer.unwrap(Effect.map(Gateways, ({ inbox, receiver }) => {
    const config = testDeliveryConfig({
      smtpUrl: Option.some(Redacted.make(inbox.url)),
      webhookUrls: [receiver.url]
    })
    return notificationDelivery(config, { shared, embedded: false }).pipe(
      Layer.provideMerge(Layer.mergeAll(
        postgresBuyingStores,
        postgresAccountStores({
          notificationsFile: Option.none(),
          sharedDatabase: shared,
          events: { endpoints: config.webhookUrls, render: renderBackOfficeEvent }
        })
      )),
      Layer.provideMerge(OutboxWake.layer),
      Layer.provideMerge(seededPostgresStores(engine.layer, buyingFixture()))
    )
  })).pipe(
    Layer.provideMerge(gatewaysLayer),
    Layer.provideMerge(BackgroundLoops.layer),
    Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
  )
  return { name: engine.name, stores }
})

const CODE = /\b(\d{6})\b/

serverSuites(engines, "messages delivered by SMTP and webhooks", (it) => {
  it.effect("a verify_email code requested in Bangla arrives in Bangla over SMTP, and the code in it verifies", () =>
    Effect.gen(function*() {
      const { inbox } = yield* Gateways
      const { email, tokens } = yield* registerCustomer()
      const requested = yield* post("/auth/otp/request", { channel: "email", email, purpose: "verify_email" }, {
        ip: freshIp(),
        accessToken: tokens.accessToken,
        acceptLanguage: "bn-BD,bn;q=0.9,en;q=0.5"
      })
      expect(requested.status).toBe(202)
      const mail = yield* Effect.promise(() => inbox.waitFor(email))
      expect(mail.subject).toBe("আপনার ইমেইল ঠিকানা নিশ্চিত করুন")
      expect(mail.text).toContain("আপনার কোড")
      expect(mail.html).toContain('lang="bn"')
      const code = CODE.exec(mail.text)?.[1]
      expect(code).toBeDefined()
      const verified = yield* post("/auth/otp/verify", {
        verificationId: (requested.body as { verificationId: string }).verificationId,
        code
      }, { accessToken: tokens.accessToken })
      expect(verified.body).toEqual({ verified: true })
      expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ emailVerified: true })
    }))

  it.effect("a reset link arrives over SMTP (English by default), and the token in it resets the password", () =>
    Effect.gen(function*() {
      const { inbox } = yield* Gateways
      const { email } = yield* registerCustomer()
      expect((yield* post("/auth/forgot-password", { email }, { ip: freshIp() })).status).toBe(202)
      const mail = yield* Effect.promise(() => inbox.waitFor(email, (candidate) => candidate.subject === "Reset your password"))
      const link = /https?:\/\/\S+token=([A-Za-z0-9_-]+)/.exec(mail.text)
      expect(link).not.toBeNull()
      expect(mail.html).toContain(link![0].replace(/&/g, "&amp;"))
      const newPassword = "saffron-quarry-meadow"
      const reset = yield* post("/auth/reset-password", { token: link![1], newPassword })
      expect(reset.status).toBe(200)
      yield* accountRoutes.login(email, newPassword)
    }))

  it.effect("checkout: the order confirmation arrives by mail; order.placed arrives signed, with the order as the API shows it", () =>
    Effect.gen(function*() {
      const { inbox, receiver } = yield* Gateways
      const email = `buyer-${Date.now().toString(36)}@example.com`
      const { variant } = yield* fixtureVariant("FIX-6-1")
      const { cart } = yield* createCart({ items: [{ variantId: variant.id, quantity: 2 }] })
      expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, { ...DHAKA_ADDRESS, email }))
      yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") })
      const placed = yield* storeRequest("POST", `/cart/${cart.id}/checkout`, {})
      expect(placed.status, placed.text).toBe(201)
      const order = placed.body as { id: string; orderNumber: string; totalPrice: number; items: ReadonlyArray<{ productVariant: { product: { name: string } } }> }

      const mail = yield* Effect.promise(() => inbox.waitFor(email))
      expect(mail.subject).toBe(`Order ${order.orderNumber} is placed`)
      expect(mail.text).toContain(`2 × ${order.items[0]!.productVariant.product.name}`)
      expect(mail.text).toContain(`Total: ৳${order.totalPrice.toLocaleString("en-US", { minimumFractionDigits: 2 })}`)
      expect(mail.text).toContain("Cash on delivery")

      yield* Effect.promise(async () => {
        const deadline = Date.now() + 15_000
        while (!receiver.accepted().some((call) => call.body.includes(order.id)) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
      })
      const call = receiver.accepted().find((candidate) => candidate.body.includes(order.id))
      expect(call).toBeDefined()
      expect(yield* Effect.promise(() => verifyStandardWebhook(WEBHOOK_SECRET, call!.headers, call!.body))).toBe(true)
      expect(call!.headers["webhook-id"]).toMatch(/^msg_/)
      const event = JSON.parse(call!.body) as { type: string; data: unknown }
      expect(event.type).toBe("order.placed")
      // the order detail as the API shows it; the guest's order token (a credential) is the checkout answer's alone
      const { orderToken: _token, ...detail } = order as typeof order & { orderToken?: string }
      expect(event.data).toEqual(detail)
      expect(call!.body).not.toContain(String(_token))

      const metrics = yield* rawRequest("GET", "/metrics")
      expect(metrics.text).toMatch(/storefront_messages_sent_total\{channel="email"\} [1-9]/)
      expect(metrics.text).toMatch(/storefront_messages_sent_total\{channel="webhook"\} [1-9]/)
      expect(metrics.text).toContain('storefront_outbox_pending{outbox="notifications"}')
      const ready = yield* rawRequest("GET", "/ready")
      expect(ready.body).toMatchObject({ status: "ready", outbox: { notifications: { failed: 0 }, webhooks: { failed: 0 } } })
    }))
})
