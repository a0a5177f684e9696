/**
 * The outbox relay delivering SMS through the SSL Wireless adapter to a local simulator of its
 * HTTP API, on PGlite and PostgreSQL: a 500 or a timeout is retried and the message arrives once
 * the gateway recovers, once (the csms_id is the outbox id); a permanent 4xx is a dead letter
 * at once (state, attempts, last error) that an operator re-drives; a relay killed between claim
 * and send leaves the message to be delivered after its lease; two relays on one outbox send
 * each message once. Bangla goes as Unicode.
 */
import { afterAll, beforeAll, expect, layer } from "@effect/vitest"
import { Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { makeNotificationQueue } from "../../adapters/postgres/postgres-delivery-queues.ts"
import * as PostgresNotificationOutbox from "../../adapters/postgres/postgres-notification-outbox.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { RequestLocale } from "../../application/notifications/request-locale.ts"
import { testDeliveryConfig, notificationRows, until, whileRelaying } from "../support/outbox-delivery.ts"
import { SIMULATOR_SID, SIMULATOR_TOKEN, type SslWirelessSimulator, startSslWirelessSimulator } from "../support/ssl-wireless-simulator.ts"
import { isSharedDatabase, testEngines } from "../support/test-database.ts"

let simulator: SslWirelessSimulator
beforeAll(async () => {
  simulator = await startSslWirelessSimulator()
})
afterAll(() => simulator.close())

const smsConfig = (gatewayTimeoutMillis = 400) =>
  testDeliveryConfig({
    sslWirelessApiToken: Option.some(Redacted.make(SIMULATOR_TOKEN)),
    sslWirelessSid: Option.some(SIMULATOR_SID),
    sslWirelessUrl: simulator.url,
    gatewayTimeoutMillis
  })

let sequence = Math.floor(Math.random() * 90_000_000)
const freshPhone = () => `017${String(sequence++ % 100_000_000).padStart(8, "0")}`
const msisdnOf = (phone: string) => `88${phone}`

/** Writes a login code to `phone` in a committed transaction. */
const sendCode = (phone: string, code = "482913") =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const notifier = yield* Notifier
    yield* sql.withTransaction(notifier.send({ channel: "sms", to: phone, purpose: "login", code, createdAt: new Date() }))
  }).pipe(Effect.orDie)

const sentTo = (phone: string) => simulator.sent().filter((sms) => sms.msisdn === msisdnOf(phone))

for (const engine of testEngines()) {
  const stores = PostgresNotificationOutbox.layer().pipe(Layer.provideMerge(OutboxWake.layer), Layer.provideMerge(engine.layer))
  const shared = isSharedDatabase(engine)

  layer(stores, { excludeTestServices: true, timeout: 120_000 })(`SMS relay over SSL Wireless (${engine.name})`, (it) => {
    it.effect("a 500 is retried; the message arrives once the gateway recovers, once; the row records it", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        simulator.setMode("error")
        const before = simulator.requests()
        yield* whileRelaying(smsConfig(), shared, Effect.gen(function*() {
          yield* sendCode(phone)
          yield* until(Effect.sync(() => simulator.requests() >= before + 2), "two attempts against the failing gateway")
          expect(sentTo(phone)).toEqual([])
          simulator.setMode("ok")
          yield* until(Effect.map(notificationRows(phone), (rows) => rows[0]?.state === "sent"), "the row marked sent")
        }))
        expect(sentTo(phone).map((sms) => sms.sms)).toEqual(["Your sign-in code: 482913"])
        const [row] = yield* notificationRows(phone)
        expect(row).toMatchObject({ state: "sent", lastError: null, code: null })
        expect(row!.attempts).toBeGreaterThanOrEqual(3)
        expect(row!.deliveredAt).toBeInstanceOf(Date)
      }))

    it.effect("a timeout after the gateway took the message is retried; the gateway refuses the repeat and it arrives once", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        simulator.setMode("slow", { slowMillis: 1_500 })
        yield* whileRelaying(smsConfig(), shared, Effect.gen(function*() {
          yield* sendCode(phone)
          yield* until(Effect.sync(() => sentTo(phone).length === 1), "the gateway took it")
          simulator.setMode("ok")
          yield* until(Effect.map(notificationRows(phone), (rows) => rows[0]?.state === "sent"), "the row marked sent")
        }))
        expect(sentTo(phone)).toHaveLength(1)
        expect((yield* notificationRows(phone))[0]!.attempts).toBeGreaterThanOrEqual(2)
      }))

    it.effect("a permanent 4xx is a dead letter at once, not retried; re-driven, it is delivered", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        simulator.setMode("reject")
        yield* whileRelaying(smsConfig(), shared, Effect.gen(function*() {
          yield* sendCode(phone)
          yield* until(Effect.map(notificationRows(phone), (rows) => rows[0]?.state === "failed"), "the row marked failed")
          const requests = simulator.requests()
          yield* Effect.sleep("600 millis")
          expect(simulator.requests()).toBe(requests)
        }))
        const [dead] = yield* notificationRows(phone)
        expect(dead).toMatchObject({ state: "failed", attempts: 1, lastError: "SSL Wireless answered 400", code: "482913" })
        simulator.setMode("ok")
        const queue = yield* makeNotificationQueue(["sms"])
        expect(yield* queue.redrive([dead!.id])).toBe(1)
        yield* whileRelaying(smsConfig(), shared,
          until(Effect.map(notificationRows(phone), (rows) => rows[0]?.state === "sent"), "the re-driven row sent"))
        expect(sentTo(phone)).toHaveLength(1)
      }))

    it.effect("a relay killed between claim and send: the message is delivered after its lease, once", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        simulator.setMode("ok")
        yield* sendCode(phone)
        // the dead relay's claim: leased for 1 s, never sent
        const queue = yield* makeNotificationQueue(["sms"])
        const claimed = yield* queue.claim(100, 1_000)
        const [row] = yield* notificationRows(phone)
        expect(claimed.map((entry) => entry.id)).toContain(row!.id)
        yield* whileRelaying(smsConfig(), shared, Effect.gen(function*() {
          yield* Effect.sleep("300 millis")
          expect(sentTo(phone)).toEqual([])
          yield* until(Effect.map(notificationRows(phone), (rows) => rows[0]?.state === "sent"), "delivered after the lease")
        }))
        expect(sentTo(phone)).toHaveLength(1)
        expect((yield* notificationRows(phone))[0]!.attempts).toBe(2)
      }))

    it.effect("two relays on one outbox send each of 40 messages once; Bangla goes as Unicode", () =>
      Effect.gen(function*() {
        simulator.setMode("ok")
        const phones = Array.from({ length: 40 }, freshPhone)
        const before = simulator.requests()
        for (const phone of phones) yield* Effect.provideService(sendCode(phone, "135790"), RequestLocale, "bn")
        // a timeout long enough that no answer is missed on a busy machine: every request counted is a claim
        yield* whileRelaying(smsConfig(10_000), shared, whileRelaying(smsConfig(10_000), shared,
          until(Effect.sync(() => phones.every((phone) => sentTo(phone).length > 0)), "every message sent")))
        for (const phone of phones) expect(sentTo(phone).map((sms) => sms.sms)).toEqual(["আপনার সাইন-ইন কোড: 135790"])
        expect(simulator.requests() - before).toBe(40)
      }))
  })
}

