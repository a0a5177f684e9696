/** OrderRepository in memory; order numbers count up from 100000. */
import { Effect, Layer, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import type { Order } from "../../domain/order/order.ts"
import { isAwaitingPayment } from "../../domain/order/order-lifecycle.ts"
import { isOrderVisibleTo } from "../../domain/order/order-visibility.ts"

export const FIRST_ORDER_NUMBER = 100_000

const newestFirst = (left: Order, right: Order): number =>
  right.createdAt.getTime() - left.createdAt.getTime() || Number(right.orderNumber) - Number(left.orderNumber)

export const makeMemoryOrderRepository = () => {
  const orders = new Map<string, Order>()
  const tokenHashes = new Map<string, string>()
  let nextNumber = FIRST_ORDER_NUMBER

  const repository = OrderRepository.of({
    nextOrderNumber: Effect.sync(() => String(nextNumber++)),
    insert: (order, orderTokenHash) =>
      Effect.suspend(() =>
        [...orders.values()].some((stored) => stored.cartId === order.cartId || stored.orderNumber === order.orderNumber)
          ? Effect.die(new Error(`order ${order.id} duplicates a cart or an order number`))
          : Effect.sync(() => {
            orders.set(order.id, order)
            tokenHashes.set(order.id, orderTokenHash)
          })
      ),
    findForUpdate: (orderId) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr(orders.get(orderId)), (order) => ({ order, orderTokenHash: tokenHashes.get(orderId) ?? "" }))
      ),
    updateState: (order) =>
      Effect.sync(() => {
        const stored = orders.get(order.id)
        if (stored === undefined) return
        orders.set(order.id, {
          ...stored,
          status: order.status,
          paymentStatus: order.paymentStatus,
          amountPaid: order.amountPaid,
          cancellation: order.cancellation,
          tracking: order.tracking
        })
      }),
    awaitingPaymentSince: (placedBefore, limit) =>
      Effect.sync(() =>
        [...orders.values()]
          .filter((order) => isAwaitingPayment(order) && order.createdAt.getTime() < placedBefore.getTime())
          .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime())
          .slice(0, limit)
          .map((order) => order.id)
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

export const layer = Layer.sync(OrderRepository, makeMemoryOrderRepository)
