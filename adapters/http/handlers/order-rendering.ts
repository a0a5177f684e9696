/** Orders as the storefront's Order JSON (interface list item and detail; docs/contract/conventions.md, docs/contract/orders.md). */
import type { CustomerOrdersPage } from "../../../application/orders/list-customer-orders.ts"
import { type Order, trackingNumberOf } from "../../../domain/order/order.ts"
import { toMajor } from "../../../domain/shared/money.ts"
import type { OrderDetailView } from "../api/order-views.ts"
import { addressView } from "./cart-rendering.ts"

const orderSummaryView = (order: Order) => ({
  id: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  paymentStatus: order.paymentStatus,
  paymentMethod: order.paymentMethod,
  trackingNumber: trackingNumberOf(order),
  customerNotes: order.customerNotes,
  subtotal: toMajor(order.subtotal),
  discountTotal: toMajor(order.discountTotal),
  shippingFee: toMajor(order.shippingFee),
  codFee: toMajor(order.codFee),
  totalPrice: toMajor(order.total),
  amountPaid: toMajor(order.amountPaid),
  items: order.lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    price: toMajor(line.unitPrice),
    lineTotal: toMajor(line.lineTotal),
    productVariant: {
      id: line.variantId,
      sku: line.variantSku,
      images: line.images,
      optionValues: line.optionValues,
      product: { id: line.productId, name: line.productName, sku: line.productSku }
    }
  })),
  createdAt: order.createdAt.toISOString(),
  shopId: order.shopId,
  couponCode: order.couponCode,
  shippingMethodId: order.shippingMethodId,
  shippingMethodName: order.shippingMethodName,
  cancelledAt: order.cancellation === null ? null : order.cancellation.at.toISOString(),
  cancellationReason: order.cancellation === null ? null : order.cancellation.reason
})

export const orderDetailView = (order: Order): OrderDetailView => ({
  ...orderSummaryView(order),
  shippingAddress: addressView(order.shippingAddress),
  billingAddress: order.billingAddress === null ? null : addressView(order.billingAddress),
  tracking: order.tracking
})

export const orderPageView = (page: CustomerOrdersPage) => ({
  data: page.orders.map(orderSummaryView),
  total: page.total,
  page: page.page,
  limit: page.limit,
  totalPages: page.totalPages
})
