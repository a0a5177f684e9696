/**
 * Port: messages to customers (OTP codes, reset links, order confirmations). Each call writes
 * the message to the notification outbox as part of the current unit of work, so it exists
 * exactly when the state that needs it was committed, with the language of the request
 * (RequestLocale); the outbox relay delivers it (application/notifications/outbox-relay.ts).
 * When NOTIFICATIONS_FILE is set, the adapter also appends codes and links there after the commit.
 * Adapters: adapters/postgres/postgres-notification-outbox.ts,
 * adapters/memory/memory-notification-outbox.ts.
 */
import { Context, type Effect } from "effect"
import type { Notification } from "../../domain/auth/notification.ts"
import type { VerificationChannel } from "../../domain/auth/verification.ts"
import type { MessageLocale } from "../../domain/notification/message-locale.ts"
import type { OrderConfirmation, ParcelNotice, ParcelPurpose } from "../../domain/notification/outbound-message.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export interface OrderConfirmationMessage {
  readonly channel: VerificationChannel
  readonly to: string
  readonly order: OrderConfirmation
  readonly createdAt: Date
}

/** A parcel's news by SMS, in the language of the customer's other messages (stored with the shipment). */
export interface ParcelMessage {
  readonly to: string
  readonly purpose: ParcelPurpose
  readonly parcel: ParcelNotice
  readonly locale: MessageLocale
  readonly createdAt: Date
}

export class Notifier extends Context.Service<Notifier, {
  readonly send: (notification: Notification) => Effect.Effect<void, StoreUnavailable>
  readonly confirmOrder: (message: OrderConfirmationMessage) => Effect.Effect<void, StoreUnavailable>
  readonly tellParcel: (message: ParcelMessage) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/Notifier") {}
