/**
 * `npm run outbox:redrive -- [--webhooks] [ID ...]`: dead letters back to the relay. Without ids,
 * every failed row of the notification outbox (or, with --webhooks, of the webhook outbox) is
 * made pending again with its attempts reset; with ids, only those. The relays of running
 * instances are woken (NOTIFY) and deliver them. On the embedded database, stop the server
 * first (its data folder belongs to one process at a time).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import * as Database from "../adapters/postgres/database-layer.ts"
import { runMigrations } from "../adapters/postgres/migrations.ts"
import { makeNotificationQueue, makeWebhookQueue } from "../adapters/postgres/postgres-delivery-queues.ts"
import { AppSettings } from "./app-config.ts"

const database = Layer.unwrap(Effect.map(AppSettings, (settings) =>
  Database.layer({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, maxConnections: 2 })
)).pipe(Layer.provide(AppSettings.layer))

const main = Effect.gen(function*() {
  const args = process.argv.slice(2)
  const webhooks = args.includes("--webhooks")
  const ids = args.filter((arg) => arg !== "--webhooks")
  const bad = ids.find((id) => !/^[0-9]{1,18}$/.test(id))
  if (bad !== undefined) {
    yield* Console.error(`not an outbox id: ${bad} (usage: npm run outbox:redrive -- [--webhooks] [ID ...])`)
    process.exitCode = 1
    return
  }
  yield* runMigrations
  const queue = webhooks ? yield* makeWebhookQueue : yield* makeNotificationQueue([])
  const count = yield* queue.redrive(ids)
  const backlog = yield* queue.backlog
  yield* Console.log(
    `re-drove ${count} dead letter${count === 1 ? "" : "s"} of the ${webhooks ? "webhook" : "notification"} outbox ` +
      `(now ${backlog.depth} pending, ${backlog.failed} failed)`
  )
}).pipe(Effect.provide(database))

NodeRuntime.runMain(main)
