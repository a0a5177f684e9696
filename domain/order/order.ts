/**
 * An order (docs/contract/cart.md checkout, docs/contract/orders.md): what a checked-out cart becomes. Lines are snapshots of
 * the catalog at checkout (names, skus, images, prices), so later catalog changes, even a
 * variant removed by a re-import, never change an order. Money is in integer minor units.
 */
import { Schema } from "effect"
import type { Cart } from "../cart/cart.ts"
import type { CartTotals } from "../cart/cart-totals.ts"
import { Address } from "../shipping/address.ts"
import { PaymentMethod } from "../shipping/cod-fee.ts"
import { CartId, CustomerId, LineId, OrderId, ProductId, ShopId, VariantId } from "../shared/ids.ts"
import { asMinorUnits, MinorUnits } from "../shared/money.ts"

/** A new order waits for the shop to process it. */
export const INITIAL_ORDER_STATUS = "pending"
/** Nothing is paid at checkout (cash on delivery, or a later payment step). */
export const INITIAL_PAYMENT_STATUS = "unpaid"
/** Tracking is empty strings until a courier books the parcel (docs/contract/orders.md). */
export const INITIAL_TRACKING_STATUS = ""

export const OrderLine = Schema.Struct({
  id: LineId,
  variantId: VariantId,
  productId: ProductId,
  productName: Schema.String,
  productSku: Schema.String,
  variantSku: Schema.String,
  images: Schema.Array(Schema.String),
  optionValues: Schema.Record(Schema.String, Schema.String),
  quantity: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  unitPrice: MinorUnits,
  compareAtPrice: MinorUnits,
  lineTotal: MinorUnits
})
export type OrderLine = typeof OrderLine.Type

export const OrderTracking = Schema.Struct({
  courierName: Schema.String,
  status: Schema.String,
  trackingNumber: Schema.String,
  trackingUrl: Schema.String
})
export type OrderTracking = typeof OrderTracking.Type

/**
 * How a guest order was matched to its customer: the shipping email (normalised, when one was
 * given) and phone (without spaces and dashes). `null` on an order placed while signed in.
 */
export const GuestContact = Schema.Struct({
  email: Schema.NullOr(Schema.String),
  phone: Schema.String
})
export type GuestContact = typeof GuestContact.Type

/** Why an order was cancelled: by its customer, or by the expiry of an unpaid prepaid order. */
export const CancellationReason = Schema.Literals(["customer", "payment_expired"])
export type CancellationReason = typeof CancellationReason.Type

export const OrderCancellation = Schema.Struct({ at: Schema.Date, reason: CancellationReason })
export type OrderCancellation = typeof OrderCancellation.Type

export const Order = Schema.Struct({
  id: OrderId,
  /** Unique, human-friendly (digits only, e.g. `100234`). */
  orderNumber: Schema.String,
  shopId: ShopId,
  customerId: CustomerId,
  cartId: CartId,
  status: Schema.String,
  paymentStatus: Schema.String,
  paymentMethod: PaymentMethod,
  /** The cart's note; `null` when the customer left none. */
  customerNotes: Schema.NullOr(Schema.String),
  /** The coupon's stored code, `""` when none was used. */
  couponCode: Schema.String,
  subtotal: MinorUnits,
  discountTotal: MinorUnits,
  shippingFee: MinorUnits,
  codFee: MinorUnits,
  total: MinorUnits,
  amountPaid: MinorUnits,
  shippingAddress: Address,
  billingAddress: Schema.NullOr(Address),
  /** `""` when nothing ships. */
  shippingMethodId: Schema.String,
  shippingMethodName: Schema.String,
  tracking: OrderTracking,
  lines: Schema.Array(OrderLine),
  /** The contact a guest order was matched by; `null` when placed signed in. */
  guestContact: Schema.NullOr(GuestContact),
  /** When and why the order was cancelled; `null` while it is not (order-lifecycle.ts). */
  cancellation: Schema.NullOr(OrderCancellation),
  createdAt: Schema.Date
})
export type Order = typeof Order.Type

/** An order has no tracking until a courier books it. */
export const untracked: OrderTracking = {
  courierName: "",
  status: INITIAL_TRACKING_STATUS,
  trackingNumber: "",
  trackingUrl: ""
}

/** The number shown in the order list: the tracking number once there is one. */
export const trackingNumberOf = (order: Pick<Order, "tracking">): string | null =>
  order.tracking.trackingNumber === "" ? null : order.tracking.trackingNumber

export interface OrderPlacement {
  readonly id: OrderId
  readonly orderNumber: string
  /** The customer the order belongs to: the cart's owner, or the one found for a guest's contact. */
  readonly customerId: CustomerId
  /** The contact a guest order was matched by; `null` when the cart's owner checks out signed in. */
  readonly guestContact: GuestContact | null
  /** The cart being checked out, with its shipping address set. */
  readonly cart: Cart & { readonly shippingAddress: Address }
  readonly lines: ReadonlyArray<OrderLine>
  readonly totals: CartTotals
  /** Whether the coupon on the cart gave its discount (it is then counted as used). */
  readonly couponApplied: boolean
  readonly shippingMethodName: string
  readonly now: Date
}

/** The order a checkout creates: pending, unpaid, with the cart's address, note and totals copied. */
export const placeOrder = (placement: OrderPlacement): Order => {
  const { cart, totals } = placement
  return {
    id: placement.id,
    orderNumber: placement.orderNumber,
    shopId: cart.shopId,
    customerId: placement.customerId,
    cartId: cart.id,
    status: INITIAL_ORDER_STATUS,
    paymentStatus: INITIAL_PAYMENT_STATUS,
    paymentMethod: cart.paymentMethod,
    customerNotes: cart.customerNote === "" ? null : cart.customerNote,
    couponCode: placement.couponApplied ? cart.couponCode : "",
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    shippingFee: totals.shippingFee,
    codFee: totals.codFee,
    total: totals.total,
    amountPaid: asMinorUnits(0),
    shippingAddress: cart.shippingAddress,
    billingAddress: cart.billingAddress,
    shippingMethodId: cart.shippingMethodId,
    shippingMethodName: cart.shippingMethodId === "" ? "" : placement.shippingMethodName,
    tracking: untracked,
    lines: placement.lines,
    guestContact: placement.guestContact,
    cancellation: null,
    createdAt: placement.now
  }
}
