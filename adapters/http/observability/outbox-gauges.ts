/**
 * The delivery side of /metrics and /ready: each outbox's pending depth, the age of its oldest
 * pending message and its dead letters (read at scrape time), and the sent, retried and failed
 * counters per channel (counted by the relay), every series present from the first scrape.
 */
import { Effect, Metric, Option } from "effect"
import { OutboxBacklog } from "../../../application/notifications/outbox-backlog.ts"
import { CHANNELS, count, messagesFailed, messagesRetried, messagesSent } from "../../../application/notifications/outbox-relay.ts"

/** A gauge of /metrics: its name and what it measures. */
export const gauge = (name: string, description: string) => Metric.gauge(name, { description })

const pending = gauge("storefront_outbox_pending", "Messages waiting in the outbox to be delivered")
const oldestPending = gauge("storefront_outbox_oldest_pending_seconds", "Age of the oldest message waiting in the outbox (0 when none)")
const deadLetters = gauge("storefront_outbox_dead_letters", "Messages given up on, waiting for an operator to re-drive them")

/** The outboxes' backlog, when the app was built with it (messages are relayed here). */
export const outboxBacklogOf = Effect.serviceOption(OutboxBacklog)

/** The backlog when messages are relayed here and the database answers. */
export const outboxReport = (outbox: Option.Option<OutboxBacklog["Service"]>) =>
  Option.isNone(outbox)
    ? Effect.succeed(undefined)
    : outbox.value.backlog.pipe(Effect.catchTag("StoreUnavailable", () => Effect.succeed(undefined)))

export const sampleOutboxGauges = (outbox: Option.Option<OutboxBacklog["Service"]>) => Effect.gen(function*() {
  for (const channel of CHANNELS) {
    yield* count(messagesSent, channel, 0)
    yield* count(messagesRetried, channel, 0)
    yield* count(messagesFailed, channel, 0)
  }
  const report = yield* outboxReport(outbox)
  if (report === undefined) return
  for (const [outbox, backlog] of Object.entries(report)) {
    yield* Metric.update(Metric.withAttributes(pending, { outbox }), backlog.depth)
    yield* Metric.update(Metric.withAttributes(oldestPending, { outbox }), backlog.oldestPendingMillis / 1000)
    yield* Metric.update(Metric.withAttributes(deadLetters, { outbox }), backlog.failed)
  }
})
