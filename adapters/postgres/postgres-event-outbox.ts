/**
 * EventOutbox over `webhook_outbox`: in the caller's transaction, one row per configured
 * endpoint, each with the event's id (the Standard Webhooks `webhook-id`) and its JSON body
 * `{type, timestamp, data}` as it will be signed and sent, `data` being the order (or customer)
 * as the API shows it, rendered now by `render`; the order's id keeps its events in order. With no
 * endpoint configured nothing is written. After commit the relay of this process is woken.
 */
import { randomUUID } from "node:crypto"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type BackOfficeEvent, EventOutbox } from "../../application/notifications/event-outbox.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { orStoreUnavailable } from "./store-errors.ts"

export interface EventRendering {
  /** The JSON `data` of an event: the order detail or the customer as the API shows them. */
  readonly render: (event: BackOfficeEvent) => unknown
  readonly endpoints: ReadonlyArray<string>
  readonly clock?: () => Date
}

export const orderingKeyOf = (event: BackOfficeEvent): string =>
  event.type === "customer.registered" ? event.customer.id : event.order.id

export const layer = (options: EventRendering) =>
  Layer.effect(EventOutbox, Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const wake = Option.match(yield* Effect.serviceOption(OutboxWake), {
      onNone: () => Effect.void,
      onSome: (outboxWake) => outboxWake.signal
    })
    const now = options.clock ?? (() => new Date())
    return EventOutbox.of({
      publish: (event) =>
        Effect.gen(function*() {
          const [first, ...others] = options.endpoints
          if (first === undefined) return
          const createdAt = now()
          const eventId = `msg_${randomUUID().replace(/-/g, "")}`
          const body = JSON.stringify({ type: event.type, timestamp: createdAt.toISOString(), data: options.render(event) })
          const row = (endpoint: string) => ({
            eventId,
            endpoint,
            type: event.type,
            orderingKey: orderingKeyOf(event),
            payload: body,
            createdAt
          })
          yield* orStoreUnavailable(sql`INSERT INTO webhook_outbox ${sql.insert([row(first), ...others.map(row)])}`)
          yield* sql.afterCommit(wake)
        })
    })
  }))
