// The delivery figures of `npm run bench` (issue 19), also runnable alone:
//   node test/bench/delivery-figures.ts [postgres-url]
// On PGlite (no URL) or PostgreSQL (a fresh schema, dropped after), with a real SMTP server
// (smtp-server, in this process, parsing each mail) and the service's relay and SMTP adapter:
// - throughput: 2,000 login codes already in the outbox, relayed until the server accepted all;
// - latency: 200 codes written one after another (each in its own committed transaction, as the
//   request writes it), from the start of that transaction to the SMTP server accepting the mail.
import { Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { postgresNotificationOutboxLayer } from "../../adapters/postgres/postgres-notification-outbox.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { testDeliveryConfig, until, whileRelaying } from "../support/outbox-delivery.ts"
import { startSmtpInbox } from "../support/smtp-inbox.ts"
import { pgliteLayer, postgresLayer } from "../support/test-database.ts"

export interface DeliveryFigures {
  readonly engine: "pglite" | "postgres"
  readonly throughput: { readonly messages: number; readonly seconds: number; readonly messagesPerSecond: number }
  readonly latencyMs: { readonly samples: number; readonly p50: number; readonly p99: number; readonly max: number }
}

const THROUGHPUT_MESSAGES = 2_000
const LATENCY_SAMPLES = 200

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

export const measureDelivery = async (databaseUrl?: string): Promise<DeliveryFigures> => {
  const inbox = await startSmtpInbox()
  const engine = databaseUrl === undefined ? "pglite" as const : "postgres" as const
  const database = databaseUrl === undefined ? pgliteLayer : postgresLayer(databaseUrl)
  const stores = postgresNotificationOutboxLayer().pipe(Layer.provideMerge(OutboxWake.layer), Layer.provideMerge(database))
  const config = testDeliveryConfig({ smtpUrl: Option.some(Redacted.make(inbox.url)), relayPollMillis: 1_000 })
  const received = (prefix: string) => inbox.mails().filter((mail) => mail.to.startsWith(prefix)).length
  const write = (to: string) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const notifier = yield* Notifier
      yield* sql.withTransaction(notifier.send({ channel: "email", to, purpose: "login", code: "123456", createdAt: new Date() }))
    })
  try {
    return await Effect.runPromise(Effect.gen(function*() {
      // throughput: the backlog first, then the relay
      for (let i = 0; i < THROUGHPUT_MESSAGES; i++) yield* write(`bulk${i}@example.com`)
      const started = performance.now()
      yield* whileRelaying(config, engine === "postgres", until(
        Effect.sync(() => received("bulk") >= THROUGHPUT_MESSAGES),
        "every bulk message accepted",
        600_000
      ))
      const seconds = (performance.now() - started) / 1000

      // latency: one at a time, the relay idle between them (woken by each commit)
      const latencies: Array<number> = []
      yield* whileRelaying(config, engine === "postgres", Effect.gen(function*() {
        for (let i = 0; i < LATENCY_SAMPLES; i++) {
          const to = `one${i}@example.com`
          const at = Date.now()
          yield* write(to)
          yield* until(Effect.sync(() => received(to) > 0), `mail ${i} accepted`, 30_000)
          latencies.push(inbox.mails().find((mail) => mail.to === to)!.receivedAt - at)
          yield* Effect.sleep("20 millis")
        }
      }))
      const sorted = [...latencies].sort((a, b) => a - b)
      return {
        engine,
        throughput: {
          messages: THROUGHPUT_MESSAGES,
          seconds: Math.round(seconds * 100) / 100,
          messagesPerSecond: Math.round(THROUGHPUT_MESSAGES / seconds)
        },
        latencyMs: { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 }
      }
    }).pipe(Effect.provide(stores), Effect.scoped, Effect.orDie))
  } finally {
    await inbox.close()
  }
}

export const describeDelivery = (figures: DeliveryFigures): string =>
  `relay (${figures.engine}, SMTP): ${figures.throughput.messagesPerSecond} messages/s ` +
  `(${figures.throughput.messages} in ${figures.throughput.seconds} s); commit → SMTP accept ` +
  `p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms ` +
  `over ${figures.latencyMs.samples}`

if (import.meta.url === `file://${process.argv[1]}`) {
  measureDelivery(process.argv[2]).then((figures) => {
    console.log(`[bench] ${describeDelivery(figures)}`)
    process.exit(0)
  }, (error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
