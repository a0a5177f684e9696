/**
 * What /ready and /metrics show of delivery: each outbox's backlog (pending depth, age of the
 * oldest pending message, dead letters). Informational only: a gateway outage shows here as a
 * growing age, never as an instance that is not ready.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { Backlog } from "./delivery-queue.ts"

export type OutboxName = "notifications" | "webhooks"

export class OutboxBacklog extends Context.Service<OutboxBacklog, {
  readonly backlog: Effect.Effect<Readonly<Record<OutboxName, Backlog>>, StoreUnavailable>
}>()("storefront/OutboxBacklog") {}
