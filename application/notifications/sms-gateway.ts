/**
 * Port: an SMS gateway. `send` hands one text to the gateway; `id` is the message's identity,
 * the same on every attempt, so a gateway that already took it does not send it twice.
 * Adapters: adapters/sms/ssl-wireless-sms-gateway.ts (SSL Wireless ISMS HTTP API),
 * adapters/sms/webhook-sms-gateway.ts (a signed JSON POST to SMS_WEBHOOK_URL).
 */
import { Context, type Effect } from "effect"
import type { MessagePurpose } from "../../domain/notification/outbound-message.ts"
import type { DeliveryFailed } from "./delivery-failed.ts"

export interface SmsMessage {
  readonly id: string
  /** The phone number as the customer gave it. */
  readonly to: string
  readonly text: string
  readonly purpose: MessagePurpose
}

export class SmsGateway extends Context.Service<SmsGateway, {
  readonly send: (message: SmsMessage) => Effect.Effect<void, DeliveryFailed>
}>()("storefront/SmsGateway") {}
