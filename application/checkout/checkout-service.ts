/**
 * The checkout capability (docs/contract/cart.md): a cart becomes an order (checkout.ts), as one service
 * whose layer takes the ports once; `Checkout.placeOrder` is a traced span.
 */
import { Context, Effect, Layer } from "effect"
import { Notifier } from "../auth/notifier.ts"
import { cartPorts } from "../cart/cart-ports.ts"
import type { CartChangeRequest } from "../cart/change-cart.ts"
import { CustomerRepository } from "../customer/customer-repository.ts"
import { CustomerService } from "../customer/customer-service.ts"
import { EventOutbox } from "../notifications/event-outbox.ts"
import { OrderRepository } from "../orders/order-repository.ts"
import { SecureRandom } from "../auth/secure-random.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { Couriers } from "../fulfilment/courier.ts"
import { ShipmentStore } from "../fulfilment/shipment-store.ts"
import { checkout, type CheckoutOptions, type CheckoutPorts } from "./checkout.ts"

const make = Effect.gen(function*() {
  const shipments = yield* Effect.serviceOption(ShipmentStore)
  const couriers = yield* Effect.serviceOption(Couriers)
  const ports: CheckoutPorts = {
    ...(yield* cartPorts),
    orders: yield* OrderRepository,
    customers: yield* CustomerRepository,
    customer: yield* CustomerService,
    notifier: yield* Notifier,
    events: yield* EventOutbox,
    random: yield* SecureRandom,
    hasher: yield* TokenHasher,
    planning: shipments._tag === "Some" && couriers._tag === "Some"
      ? { shipments: shipments.value, couriers: couriers.value }
      : undefined
  }
  return {
    placeOrder: Effect.fn("Checkout.placeOrder")((request: CartChangeRequest, options: CheckoutOptions = {}) =>
      checkout(ports, request, options)
    )
  }
})

export class CheckoutService extends Context.Service<CheckoutService, Effect.Success<typeof make>>()(
  "storefront/CheckoutService"
) {
  /** Needs the cart ports (cart/cart-ports.ts), OrderRepository, CustomerRepository, the CustomerService, the Notifier, the EventOutbox, SecureRandom and TokenHasher; with the ShipmentStore and Couriers, orders are booked with couriers. */
  static readonly layer = Layer.effect(CheckoutService, make)
}
