/** OrderRepository in memory; order numbers count up from 100000. */
import { Effect, Layer, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import type { Order } from "../../domain/order/order.ts"
import { isOrderVisibleTo } from "../../domain/order/order-visibility.ts"

export const FIRST_ORDER_NUMBER = 100_000

const newestFirst = (left: Order, right: Order): number =>
  right.createdAt.getTime() - left.createdAt.getTime() || Number(right.orderNumber) - Number(left.orderNumber)

export const makeMemoryOrderRepository = () => {
  const orders = new Map<string, Order>()
  let nextNumber = FIRST_ORDER_NUMBER

  const repository = OrderRepository.of({
    nextOrderNumber: Effect.sync(() => String(nextNumber++)),
    insert: (order) =>
      Effect.suspend(() =>
        [...orders.values()].some((stored) => stored.cartId === order.cartId || stored.orderNumber === order.orderNumber)
          ? Effect.die(new Error(`order ${order.id} duplicates a cart or an order number`))
          : Effect.sync(() => void orders.set(order.id, order))
      ),
    listForCustomer: (query) =>
      Effect.sync(() => {
        const matching = [...orders.values()]
          .filter((order) => isOrderVisibleTo(order, query.viewer) && query.shopIds.includes(order.shopId))
          .sort(newestFirst)
        const start = (query.page - 1) * query.limit
        return { orders: matching.slice(start, start + query.limit), total: matching.length }
      }),
    findForCustomer: (orderId, viewer, shopIds) =>
      Effect.sync(() =>
        Option.fromNullishOr(orders.get(orderId)).pipe(
          Option.filter((order) => isOrderVisibleTo(order, viewer) && shopIds.includes(order.shopId))
        )
      )
  })
  return repository
}

export const MemoryOrderRepository = Layer.sync(OrderRepository, makeMemoryOrderRepository)
