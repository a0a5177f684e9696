/**
 * A message to a customer as the outbox holds it until it is delivered: a one-time code, a
 * reset link, or an order confirmation (its number, lines, total and payment method), by email
 * or SMS, in the customer's language.
 */
import { Schema } from "effect"
import { VerificationChannel, VerificationPurpose } from "../auth/verification.ts"
import { MinorUnits } from "../shared/money.ts"
import { PaymentMethod } from "../shipping/cod-fee.ts"
import type { Order } from "../order/order.ts"
import { MessageLocale } from "./message-locale.ts"

export const ORDER_CONFIRMATION = "order_confirmation"

/** The parcel's news by SMS (docs/fulfilment.md): booked with its tracking link, and delivered. */
export const ParcelPurpose = Schema.Literals(["parcel_booked", "parcel_delivered"])
export type ParcelPurpose = typeof ParcelPurpose.Type

export const MessagePurpose = Schema.Union([VerificationPurpose, Schema.Literal(ORDER_CONFIRMATION), ParcelPurpose])
export type MessagePurpose = typeof MessagePurpose.Type

export const OrderConfirmation = Schema.Struct({
  orderNumber: Schema.String,
  lines: Schema.Array(Schema.Struct({ name: Schema.String, quantity: Schema.Int, lineTotal: MinorUnits })),
  total: MinorUnits,
  paymentMethod: PaymentMethod
})
export type OrderConfirmation = typeof OrderConfirmation.Type

/** What a parcel message tells: the order, its courier and the courier's tracking page. */
export const ParcelNotice = Schema.Struct({
  orderNumber: Schema.String,
  courierName: Schema.String,
  trackingUrl: Schema.String
})
export type ParcelNotice = typeof ParcelNotice.Type

export const OutboundMessage = Schema.Struct({
  /** The outbox row's id: the message's identity towards gateways (their idempotency key). */
  id: Schema.String,
  channel: VerificationChannel,
  to: Schema.String,
  purpose: MessagePurpose,
  locale: MessageLocale,
  code: Schema.optionalKey(Schema.String),
  link: Schema.optionalKey(Schema.String),
  order: Schema.optionalKey(OrderConfirmation),
  parcel: Schema.optionalKey(ParcelNotice)
})
export type OutboundMessage = typeof OutboundMessage.Type

/** What an order confirmation tells: the order number, its lines, the total and how it is paid. */
export const orderConfirmationOf = (order: Order): OrderConfirmation => ({
  orderNumber: order.orderNumber,
  lines: order.lines.map((line) => ({
    name: Object.keys(line.optionValues).length === 0
      ? line.productName
      : `${line.productName} (${Object.values(line.optionValues).join(", ")})`,
    quantity: line.quantity,
    lineTotal: line.lineTotal
  })),
  total: order.total,
  paymentMethod: order.paymentMethod
})
