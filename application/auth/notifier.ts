/**
 * Port: messages to customers (OTP codes, reset links). `send` writes the message to the
 * notification outbox as part of the current unit of work, so it exists exactly when the state
 * that needs it was committed; a delivery worker (or another service) drains the outbox. When
 * NOTIFICATIONS_FILE is set, the adapter also appends the message there after the commit.
 * Adapters: adapters/postgres/postgres-notification-outbox.ts,
 * adapters/memory/memory-notification-outbox.ts.
 */
import { Context, type Effect } from "effect"
import type { Notification } from "../../domain/auth/notification.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class Notifier extends Context.Service<Notifier, {
  readonly send: (notification: Notification) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/Notifier") {}
