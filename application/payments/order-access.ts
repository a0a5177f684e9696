/**
 * Who may act on an order (cancel it, pay it): its owner, signed in (the customer who sees it in
 * their history, domain/order/order-visibility.ts), or whoever holds its order token (a guest:
 * the token checkout handed out, compared by its hash). The order must be in one of the key's
 * shops. Anyone else gets OrderNotFound, as for an order that does not exist.
 */
import { Effect, Option } from "effect"
import { constantTimeEqual } from "../../domain/auth/token-hasher.ts"
import { OrderNotFound } from "../../domain/order/errors/order-not-found.ts"
import { isOrderVisibleTo } from "../../domain/order/order-visibility.ts"
import type { Order } from "../../domain/order/order.ts"
import type { CustomerId, OrderId, ShopId } from "../../domain/shared/ids.ts"
import type { PaymentsPorts } from "./payments-ports.ts"

export interface OrderRequester {
  readonly shopIds: ReadonlyArray<ShopId>
  readonly customerId: CustomerId | null
  /** The X-Order-Token header, when sent. */
  readonly orderToken: string | null
}

/** The order, locked until the unit of work ends, when the requester may act on it. */
export const lockOwnedOrder = (
  ports: Pick<PaymentsPorts, "orders" | "hasher" | "customer">,
  orderId: OrderId,
  requester: OrderRequester
): Effect.Effect<Order, OrderNotFound | import("../shared/store-unavailable.ts").StoreUnavailable> =>
  Effect.gen(function*() {
    const found = yield* ports.orders.findForUpdate(orderId)
    // hash a given token whether or not the order exists: the time does not tell
    const tokenHash = requester.orderToken === null ? null : yield* ports.hasher.hash(requester.orderToken)
    if (Option.isNone(found) || !requester.shopIds.includes(found.value.order.shopId)) {
      return yield* new OrderNotFound({ orderId })
    }
    const { order, orderTokenHash } = found.value
    if (tokenHash !== null && orderTokenHash !== "" && constantTimeEqual(tokenHash, orderTokenHash)) return order
    if (requester.customerId !== null) {
      const viewer = yield* ports.customer.ordersViewer(requester.customerId).pipe(
        Effect.map(Option.some),
        Effect.catchIf((error) => error._tag !== "StoreUnavailable", () => Effect.succeedNone)
      )
      if (Option.isSome(viewer) && isOrderVisibleTo(order, viewer.value)) return order
    }
    return yield* new OrderNotFound({ orderId })
  })
