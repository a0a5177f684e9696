/**
 * Back-office events relayed as Standard Webhooks, on PGlite and PostgreSQL, against a local
 * endpoint: an endpoint down for 30 s gets every event once it is back, each order's events in
 * the order they were written, each signed so that the specification's check verifies it, one
 * webhook-id per event on every retry. The generic SMS webhook posts a signed JSON
 * {id, to, text, purpose} with the Bangla text as Unicode.
 */
import { afterAll, beforeAll, expect, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as PostgresEventOutbox from "../../adapters/postgres/postgres-event-outbox.ts"
import * as PostgresNotificationOutbox from "../../adapters/postgres/postgres-notification-outbox.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { type BackOfficeEvent, EventOutbox, type OrderEventType } from "../../application/notifications/event-outbox.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { RequestLocale } from "../../application/notifications/request-locale.ts"
import type { Order } from "../../domain/order/order.ts"
import { testDeliveryConfig, until, WEBHOOK_SECRET, whileRelaying } from "../support/outbox-delivery.ts"
import { verifyStandardWebhook } from "../support/standard-webhooks-verifier.ts"
import { isSharedDatabase, testEngines } from "../support/test-database.ts"
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts"

let receiver: WebhookReceiver
let smsBridge: WebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
  smsBridge = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  await smsBridge.close()
})

/** The event's data: which order and which step (the real rendering is tested over HTTP). */
const render = (event: BackOfficeEvent) =>
  event.type === "customer.registered" ? { id: event.customer.id } : { id: event.order.id, step: event.type }

const STEPS: ReadonlyArray<OrderEventType> = ["order.placed", "order.paid", "order.cancelled"]

interface Received {
  readonly type: string
  readonly data: { readonly id: string; readonly step: string }
}

for (const engine of testEngines()) {
  const shared = isSharedDatabase(engine)
  const stores = Layer.mergeAll(
    Layer.unwrap(Effect.sync(() => PostgresEventOutbox.layer({ endpoints: [receiver.url], render }))),
    PostgresNotificationOutbox.layer()
  ).pipe(Layer.provideMerge(OutboxWake.layer), Layer.provideMerge(engine.layer))

  layer(stores, { excludeTestServices: true, timeout: 180_000 })(`webhook relay (${engine.name})`, (it) => {
    it.effect("an endpoint down for 30 s gets every event after, in order per order, signed, once per event", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const events = yield* EventOutbox
        const run = `${engine.name}-${Date.now().toString(36)}`
        const orders = [1, 2, 3].map((n) => `ord_${run}_${n}`)
        receiver.setUp(false)
        const downAt = Date.now()
        yield* whileRelaying(testDeliveryConfig({ webhookUrls: [receiver.url], maxAttempts: 30, retryMaxMillis: 2_000 }), shared, Effect.gen(function*() {
          // each step of every order in its own transaction, interleaved across orders
          for (const type of STEPS) {
            for (const id of orders) yield* sql.withTransaction(events.publish({ type, order: { id } as Order }))
          }
          yield* Effect.sleep("30 seconds")
          expect(receiver.calls().filter((call) => call.body.includes(run)).length).toBeGreaterThan(0)
          expect(receiver.accepted().filter((call) => call.body.includes(run))).toEqual([])
          receiver.setUp(true)
          yield* until(
            Effect.sync(() => receiver.accepted().filter((call) => call.body.includes(run)).length >= 9),
            "all nine events accepted"
          )
        }))
        const accepted = receiver.accepted().filter((call) => call.body.includes(run))
        expect(accepted).toHaveLength(9)
        expect(accepted.every((call) => call.at - downAt >= 30_000)).toBe(true)
        for (const id of orders) {
          const steps = accepted.map((call) => JSON.parse(call.body) as Received).filter((event) => event.data.id === id)
          expect(steps.map((event) => event.type)).toEqual(STEPS)
          expect(steps.map((event) => event.data.step)).toEqual(STEPS)
        }
        for (const call of accepted) {
          expect(yield* Effect.promise(() => verifyStandardWebhook(WEBHOOK_SECRET, call.headers, call.body))).toBe(true)
        }
        expect(new Set(accepted.map((call) => call.headers["webhook-id"])).size).toBe(9)
        // every retry of an event carried its id
        const idsTried = new Set(receiver.calls().filter((call) => call.body.includes(run)).map((call) => call.headers["webhook-id"]))
        expect(idsTried.size).toBe(9)
        const rows = yield* sql<{ state: string; attempts: number }>`
          SELECT state, attempts FROM webhook_outbox WHERE ordering_key LIKE ${`ord_${run}_%`}`
        expect(rows.every((row) => row.state === "sent")).toBe(true)
        expect(Math.max(...rows.map((row) => row.attempts))).toBeGreaterThan(1)
      }).pipe(Effect.orDie))

    it.effect("two relays and a slow receiver: every event is delivered once (issue 27)", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const events = yield* EventOutbox
        const run = `${engine.name}-slow-${Date.now().toString(36)}`
        const total = 60
        for (let n = 0; n < total; n++) {
          yield* sql.withTransaction(events.publish({ type: "order.placed", order: { id: `ord_${run}_${n}` } as Order }))
        }
        const ours = () => receiver.accepted().filter((call) => call.body.includes(run))
        // each answer takes 0.7 s: a batch of 50, 8 at a time, would outlast the 3 s lease
        receiver.setUp(true)
        receiver.setDelay(700)
        const config = testDeliveryConfig({ webhookUrls: [receiver.url], relayLeaseMillis: 3_000, gatewayTimeoutMillis: 1_000 })
        yield* whileRelaying(config, shared, whileRelaying(config, shared, Effect.gen(function*() {
          yield* until(Effect.sync(() => ours().length >= total), "every event accepted", 60_000)
          // longer than a lease: a row claimed again would be delivered again by now
          yield* Effect.sleep("4 seconds")
        }))).pipe(Effect.ensuring(Effect.sync(() => receiver.setDelay(0))))
        const ids = ours().map((call) => call.headers["webhook-id"])
        expect(new Set(ids).size).toBe(total)
        expect(ids).toHaveLength(total)
        const rows = yield* sql<{ state: string; attempts: number }>`
          SELECT state, attempts FROM webhook_outbox WHERE ordering_key LIKE ${`ord_${run}_%`}`
        expect(rows.map((row) => [row.state, row.attempts])).toEqual(Array.from({ length: total }, () => ["sent", 1]))
      }).pipe(Effect.orDie))

    it.effect("the SMS webhook gets a signed {id, to, text, purpose}, the Bangla text as Unicode", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const notifier = yield* Notifier
        const phone = `+8801${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`
        smsBridge.setUp(true)
        yield* whileRelaying(testDeliveryConfig({ smsWebhookUrl: Option.some(smsBridge.url) }), shared, Effect.gen(function*() {
          yield* Effect.provideService(
            sql.withTransaction(notifier.send({ channel: "sms", to: phone, purpose: "verify_phone", code: "246810", createdAt: new Date() })),
            RequestLocale,
            "bn"
          )
          yield* until(Effect.sync(() => smsBridge.accepted().some((call) => call.body.includes(phone))), "the SMS posted")
        }))
        const call = smsBridge.accepted().find((candidate) => candidate.body.includes(phone))!
        expect(call.headers["content-type"]).toBe("application/json")
        expect(yield* Effect.promise(() => verifyStandardWebhook(WEBHOOK_SECRET, call.headers, call.body))).toBe(true)
        const body = JSON.parse(call.body) as Record<string, string>
        expect(body).toEqual({ id: call.headers["webhook-id"], to: phone, text: "আপনার ফোন নম্বর নিশ্চিত করুন: 246810", purpose: "verify_phone" })
        expect(call.body).toContain("আপনার")
      }).pipe(Effect.orDie))
  })
}
