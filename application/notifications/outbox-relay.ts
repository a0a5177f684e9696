/**
 * The outbox relay: a loop (run under the BackgroundLoops supervisor) that claims due rows of
 * one outbox, hands each to its gateway and records the outcome: sent; failed for now, retried
 * after an exponential, jittered backoff; or, once its attempts are spent or the gateway refused
 * it for good, a dead letter. Each failure is one log line naming the row, the channel and the
 * gateway's reason, never the message's content (codes, tokens and links stay out of logs).
 * Between batches the relay sleeps until an outbox write wakes it, or its poll interval passes.
 */
import { Duration, Effect, Metric, Random } from "effect"
import { afterFailure, type RetryPolicy } from "../../domain/notification/retry-policy.ts"
import type { LoopControl } from "../shared/background-loops.ts"
import type { DeliveryFailed } from "./delivery-failed.ts"
import type { Claimed, DeliveryQueue } from "./delivery-queue.ts"
import type { OutboxWake } from "./outbox-wake.ts"

export const messagesSent = Metric.counter("storefront_messages_sent_total", {
  description: "Messages the gateways accepted, by channel (email, sms, webhook; courier: parcels booked)"
})
export const messagesRetried = Metric.counter("storefront_messages_retried_total", {
  description: "Failed delivery attempts that will be tried again, by channel"
})
export const messagesFailed = Metric.counter("storefront_messages_failed_total", {
  description: "Messages given up on (dead letters), by channel"
})

/** Every channel's series exists from the first scrape. */
export const CHANNELS = ["email", "sms", "webhook", "courier"] as const
export type Channel = typeof CHANNELS[number]

export const count = (metric: typeof messagesSent, channel: Channel, amount = 1) =>
  Metric.update(Metric.withAttributes(metric, { channel }), amount)

export interface RelaySettings {
  readonly retry: RetryPolicy
  /** Rows claimed at once. */
  readonly batchSize: number
  /** How long a claim holds a row: longer than any one delivery may take. */
  readonly leaseMillis: number
  /** The longest one delivery may take (the gateways' timeout). */
  readonly deliveryTimeoutMillis: number
  /** The fallback poll when no wake-up comes. */
  readonly pollMillis: number
  /** Deliveries in flight at once. */
  readonly concurrency: number
}

export const defaultRelaySettings = (retry: RetryPolicy): RelaySettings => ({
  retry,
  batchSize: 50,
  leaseMillis: 60_000,
  deliveryTimeoutMillis: 10_000,
  pollMillis: 1_000,
  concurrency: 8
})

/**
 * The rows one batch claims: at most `batchSize`, and no more than the relay can deliver, each
 * taking the longest a delivery may, in half the lease (`concurrency` at a time). So a row is
 * never still unsent, and not yet marked, when its lease runs out and another relay may claim it
 * (a receiver answering in 9 s with 50 rows claimed, 8 at a time, outlasted a 60 s lease).
 */
export const claimLimit = (settings: RelaySettings): number => {
  const rounds = Math.max(1, Math.floor(settings.leaseMillis / (2 * settings.deliveryTimeoutMillis)))
  return Math.max(1, Math.min(settings.batchSize, rounds * settings.concurrency))
}

export interface Relay<A> {
  readonly queue: DeliveryQueue<A>
  readonly channelOf: (item: A) => Channel
  readonly deliver: (item: A, id: string) => Effect.Effect<void, DeliveryFailed>
}

/** Delivers one claimed row: true when the gateway took it; a failure is recorded at once. */
const attempt = <A>(relay: Relay<A>, policy: RetryPolicy, claimed: Claimed<A>) => {
  const channel = relay.channelOf(claimed.item)
  return relay.deliver(claimed.item, claimed.id).pipe(
    Effect.matchEffect({
      onSuccess: () => Effect.succeed(true),
      onFailure: (failure) =>
        Effect.gen(function*() {
          const next = afterFailure(policy, claimed.attempts, failure.permanent, yield* Random.next)
          const annotations = { outbox: claimed.id, channel, attempts: claimed.attempts, error: failure.reason }
          if (next._tag === "DeadLetter") {
            yield* relay.queue.markFailed(claimed.id, failure.reason)
            yield* count(messagesFailed, channel)
            yield* Effect.logWarning("message not delivered; given up (dead letter)").pipe(Effect.annotateLogs(annotations))
          } else {
            yield* relay.queue.retryLater(claimed.id, failure.reason, next.delayMillis)
            yield* count(messagesRetried, channel)
            yield* Effect.logInfo("message not delivered; will retry").pipe(
              Effect.annotateLogs({ ...annotations, retryInMs: next.delayMillis })
            )
          }
          return false
        })
    })
  )
}

/**
 * One batch: claim ({@link claimLimit} rows), deliver, record; the number of rows claimed. Each
 * delivery is marked as it completes, while its row is still leased, so no other relay claims a
 * row already delivered; a relay that dies before marking one sends it again after the lease, as
 * it would any claimed row.
 */
export const relayBatch = <A>(relay: Relay<A>, settings: RelaySettings) =>
  Effect.gen(function*() {
    const batch = yield* relay.queue.claim(claimLimit(settings), settings.leaseMillis)
    yield* Effect.forEach(batch, (claimed) =>
      Effect.flatMap(attempt(relay, settings.retry, claimed), (sent) =>
        sent
          ? Effect.andThen(relay.queue.markSent([claimed.id]), count(messagesSent, relay.channelOf(claimed.item)))
          : Effect.void), { concurrency: settings.concurrency, discard: true })
    return batch.length
  })

/** The relay's loop, for BackgroundLoops.supervise. */
export const relayLoop = <A>(relay: Relay<A>, settings: RelaySettings, wake: OutboxWake["Service"]) =>
(control: LoopControl) =>
  Effect.forever(Effect.gen(function*() {
    const claimed = yield* relayBatch(relay, settings)
    yield* control.healthy
    // a full batch: there may be more due at once
    if (claimed < claimLimit(settings)) yield* wake.wait(Duration.millis(settings.pollMillis))
  }))
