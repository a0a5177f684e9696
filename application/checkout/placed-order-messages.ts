/**
 * What checkout writes beside the order, in its unit of work: the order confirmation by email
 * (when the shipping address has one) and by SMS to the shipping phone, and the back-office
 * event `order.placed`. The relay delivers them once the order is committed.
 */
import { Effect } from "effect"
import { orderConfirmationOf } from "../../domain/notification/outbound-message.ts"
import type { Order } from "../../domain/order/order.ts"
import type { Notifier } from "../auth/notifier.ts"
import type { EventOutbox } from "../notifications/event-outbox.ts"

export interface PlacedOrderPorts {
  readonly notifier: Notifier["Service"]
  readonly events: EventOutbox["Service"]
}

export const announcePlacedOrder = (ports: PlacedOrderPorts, order: Order, phone: string, now: Date) =>
  Effect.gen(function*() {
    const confirmation = orderConfirmationOf(order)
    const email = order.shippingAddress.email.trim()
    if (email !== "") {
      yield* ports.notifier.confirmOrder({ channel: "email", to: email, order: confirmation, createdAt: now })
    }
    yield* ports.notifier.confirmOrder({ channel: "sms", to: phone, order: confirmation, createdAt: now })
    yield* ports.events.publish({ type: "order.placed", order })
  })
