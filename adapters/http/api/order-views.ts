/**
 * Orders as the storefront sees them (interface Order list item and detail; docs/contract/orders.md):
 * money in major units, nullable strings `null` when empty. Beyond the interface, an order also
 * shows its shop, coupon, shipping method and billing address, and each item its line total and
 * variant sku.
 */
import { Schema } from "effect"
import { LineId, OrderId, ProductId, VariantId } from "../../../domain/shared/ids.ts"
import { AddressView } from "./cart-views.ts"

export const OrderProductVariantView = Schema.Struct({
  id: VariantId,
  sku: Schema.String,
  images: Schema.Array(Schema.String),
  optionValues: Schema.Record(Schema.String, Schema.String),
  product: Schema.Struct({ id: ProductId, name: Schema.String, sku: Schema.String })
}).annotate({ identifier: "OrderProductVariant" })

export const OrderItemView = Schema.Struct({
  id: LineId,
  quantity: Schema.Int,
  price: Schema.Finite,
  lineTotal: Schema.Finite,
  productVariant: OrderProductVariantView
}).annotate({ identifier: "OrderItem" })

export const OrderTrackingView = Schema.Struct({
  courierName: Schema.String,
  status: Schema.String,
  trackingNumber: Schema.String,
  trackingUrl: Schema.String
}).annotate({ identifier: "OrderTracking" })

const orderSummaryFields = {
  id: OrderId,
  orderNumber: Schema.String,
  status: Schema.String,
  paymentStatus: Schema.NullOr(Schema.String),
  paymentMethod: Schema.NullOr(Schema.String),
  trackingNumber: Schema.NullOr(Schema.String),
  customerNotes: Schema.NullOr(Schema.String),
  subtotal: Schema.Finite,
  discountTotal: Schema.Finite,
  shippingFee: Schema.Finite,
  codFee: Schema.Finite,
  totalPrice: Schema.Finite,
  amountPaid: Schema.Finite,
  items: Schema.Array(OrderItemView),
  createdAt: Schema.String,
  shopId: Schema.String,
  couponCode: Schema.String,
  shippingMethodId: Schema.String,
  shippingMethodName: Schema.String,
  /** When the order was cancelled (by its customer, or as an unpaid prepaid order that expired). */
  cancelledAt: Schema.NullOr(Schema.String),
  cancellationReason: Schema.NullOr(Schema.Literals(["customer", "payment_expired"]))
}

export const OrderSummaryView = Schema.Struct(orderSummaryFields).annotate({ identifier: "OrderSummary" })

export const OrderDetailView = Schema.Struct({
  ...orderSummaryFields,
  shippingAddress: AddressView,
  billingAddress: Schema.NullOr(AddressView),
  tracking: OrderTrackingView
}).annotate({ identifier: "OrderDetail" })
export type OrderDetailView = typeof OrderDetailView.Type

export const OrderPageView = Schema.Struct({
  data: Schema.Array(OrderSummaryView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  totalPages: Schema.Int
}).annotate({ identifier: "OrderPage" })

/** Checkout's answer: the order and its order token (a guest sends it as X-Order-Token to cancel or pay). */
export const PlacedOrderView = Schema.Struct({
  ...OrderDetailView.fields,
  orderToken: Schema.String.annotate({
    description: "Shown once: proves ownership of this order (X-Order-Token) for cancelling and paying it"
  })
}).annotate({ identifier: "PlacedOrder" })
