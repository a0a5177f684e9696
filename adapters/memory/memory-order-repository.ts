/** OrderRepository and CustomerOrderHistory in memory; order numbers count up from 100000. */
import { Context, Effect, Layer, Option } from "effect"
import { CustomerOrderHistory } from "../../application/customer/customer-order-history.ts"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import type { Order } from "../../domain/order/order.ts"

export const FIRST_ORDER_NUMBER = 100_000

const newestFirst = (left: Order, right: Order): number =>
  right.createdAt.getTime() - left.createdAt.getTime() || Number(right.orderNumber) - Number(left.orderNumber)

export const makeMemoryOrderStores = () => {
  const orders = new Map<string, Order>()
  let nextNumber = FIRST_ORDER_NUMBER

  const hasOrdersBefore = (customerId: string, instant: Date) =>
    Effect.sync(() =>
      [...orders.values()].some((order) => order.customerId === customerId && order.createdAt.getTime() < instant.getTime())
    )

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
          .filter((order) => order.customerId === query.customerId && query.shopIds.includes(order.shopId))
          .sort(newestFirst)
        const start = (query.page - 1) * query.limit
        return { orders: matching.slice(start, start + query.limit), total: matching.length }
      }),
    findForCustomer: (orderId, customerId, shopIds) =>
      Effect.sync(() =>
        Option.fromNullishOr(orders.get(orderId)).pipe(
          Option.filter((order) => order.customerId === customerId && shopIds.includes(order.shopId))
        )
      ),
    existsBefore: hasOrdersBefore
  })
  return Context.make(OrderRepository, repository).pipe(
    Context.add(CustomerOrderHistory, CustomerOrderHistory.of({ hasOrdersBefore }))
  )
}

/** OrderRepository and CustomerOrderHistory over one in-memory order book. */
export const MemoryOrderStores = Layer.effectContext(Effect.sync(makeMemoryOrderStores))
