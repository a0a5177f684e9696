/**
 * Helpers for the delivery tests: a DeliveryConfig with short backoffs (the settings a test
 * would give through the environment), the relays run for the span of one effect, the rows of
 * the outboxes, and waiting for a condition on them.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { BackgroundLoops } from "../../application/shared/background-loops.ts"
import type { DeliveryConfig } from "../../config/delivery-config.ts"
import { notificationDelivery } from "../../config/notification-delivery.ts"

export const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

/** No gateway, short backoffs (100 ms doubling to 400 ms), 5 attempts, a 100 ms poll, a 5 s lease. */
export const testDeliveryConfig = (overrides: Partial<DeliveryConfig> = {}): DeliveryConfig => ({
  smtpUrl: Option.none(),
  mailFrom: "Test Shop <shop@example.com>",
  sslWirelessApiToken: Option.none(),
  sslWirelessSid: Option.none(),
  sslWirelessUrl: "http://127.0.0.1:9",
  smsWebhookUrl: Option.none(),
  webhookSecret: Option.some(Redacted.make(WEBHOOK_SECRET)),
  webhookUrls: [],
  maxAttempts: 5,
  retryFirstMillis: 100,
  retryMaxMillis: 400,
  relayPollMillis: 100,
  relayLeaseMillis: 5_000,
  gatewayTimeoutMillis: 1_000,
  ...overrides
})

/** Runs `body` while relays configured by `config` run (their own supervisor), stopping them after. */
export const whileRelaying = <A, E, R>(config: DeliveryConfig, shared: boolean, body: Effect.Effect<A, E, R>) =>
  Effect.scoped(Effect.gen(function*() {
    yield* Layer.build(notificationDelivery(config, { shared, embedded: false }).pipe(Layer.provide(BackgroundLoops.layer)))
    return yield* body
  }))

/** Polls `check` every 50 ms until it answers true; dies with `what` after `timeoutMillis`. */
export const until = <E, R>(check: Effect.Effect<boolean, E, R>, what: string, timeoutMillis = 15_000) =>
  Effect.gen(function*() {
    const deadline = Date.now() + timeoutMillis
    while (!(yield* check)) {
      if (Date.now() > deadline) return yield* Effect.die(new Error(`still not so after ${timeoutMillis} ms: ${what}`))
      yield* Effect.sleep("50 millis")
    }
  })

export interface OutboxRow {
  readonly id: string
  readonly state: string
  readonly attempts: number
  readonly lastError: string | null
  readonly code: string | null
  readonly deliveredAt: Date | null
}

/** The notification rows to `recipient`, oldest first. */
export const notificationRows = (recipient: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<OutboxRow>`
      SELECT id::text AS id, state, attempts, last_error, code, delivered_at FROM notification_outbox
      WHERE recipient = ${recipient} ORDER BY id`).pipe(Effect.orDie)
