/**
 * Use case: POST /cart/{id}/checkout (docs/contract/cart.md). In one unit of work:
 *
 * 1. the cart is locked, visible to the requester, changeable, at the expected version, and
 *    claimed by a signed-in requester if it was a guest's;
 * 2. it has lines (CartEmpty), a shipping address (ShippingAddressRequired) and, when anything
 *    ships, a shipping method of its shop (ShippingMethodRequired) that serves the address
 *    (ShippingUnavailableForZone);
 * 3. its variants are locked and re-read: still offered in the shop (VariantNotFound) and in
 *    stock (InsufficientStock); prices are the current ones;
 * 4. its coupon is re-validated (CouponInvalid), except that a coupon whose minimum is no longer
 *    met gives no discount and is not used (as the cart shows it);
 * 5. the coupon use is counted within its limit, the order created with a new order number, its
 *    confirmation and `order.placed` written to the outboxes (placed-order-messages.ts), its
 *    shipment planned when the shop has a courier (fulfilment/plan-shipment.ts: booked after the
 *    commit), the cart completed, and last the stock taken (never below zero; the lines' variants are locked and
 *    their stock checked in 3) and the sales counted: these write the product rows every checkout
 *    of the same product writes (with the catalog's change stamps), so they come just before the
 *    commit, holding those rows for the shortest time.
 *
 * A guest's order belongs to the customer holding the shipping email (when the address gives
 * one), else the shipping phone; a password-less customer with both is created when nobody does.
 * A signed-in requester's shipping address joins their address book (issue 13) unless
 * `saveAddress` is false (application/customer/saved-addresses.ts rememberCheckoutAddress).
 */
import { Effect, Option, Result } from "effect"
import { dropVanishedLines } from "../../domain/cart/cart.ts"
import { assertReadyForCheckout, completeCart } from "../../domain/cart/cart-checkout-details.ts"
import { computeCartTotals } from "../../domain/cart/cart-totals.ts"
import { checkCouponEligibility, type Coupon } from "../../domain/cart/coupon.ts"
import { CouponInvalid } from "../../domain/cart/errors/coupon-invalid.ts"
import { ShippingMethodRequired } from "../../domain/cart/errors/shipping-method-required.ts"
import { assertQuantityInStock, assertVariantAvailable } from "../../domain/cart/stock.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import type { Order, OrderLine } from "../../domain/order/order.ts"
import { placeOrder } from "../../domain/order/order.ts"
import { CustomerId, LineId, OrderId, type ShopId } from "../../domain/shared/ids.ts"
import type { Address } from "../../domain/shipping/address.ts"
import { zoneForType } from "../../domain/shipping/shipping-fee.ts"
import type { CartPorts } from "../cart/cart-ports.ts"
import { type CartChangeRequest, currentCartChange, lockCartForChange } from "../cart/change-cart.ts"
import { priceLines, selectedShipping, subtotalOf, totalsLines } from "../cart/priced-cart.ts"
import { currentShippingOptions } from "../cart/shipping-options.ts"
import type { CustomerRepository, GuestContact } from "../customer/customer-repository.ts"
import type { CustomerService } from "../customer/customer-service.ts"
import type { OrderRepository } from "../orders/order-repository.ts"
import { announcePlacedOrder, type PlacedOrderPorts } from "./placed-order-messages.ts"
import type { SecureRandom } from "../auth/secure-random.ts"
import type { TokenHasher } from "../../domain/auth/token-hasher.ts"
import type { MinorUnits } from "../../domain/shared/money.ts"
import { comparablePhone } from "../../domain/customer/phone.ts"
import { asGrams } from "../../domain/shared/weight.ts"
import { planShipment, type ShipmentPlanning } from "../fulfilment/plan-shipment.ts"
import { RequestLocale } from "../notifications/request-locale.ts"

/**
 * A placed order and its order token: 256 random bits the checkout response hands out once (a
 * guest's proof of ownership for cancelling and paying, sent as X-Order-Token), stored hashed.
 */
export interface PlacedOrder {
  readonly order: Order
  readonly orderToken: string
}

/** The shipping address carries a phone (required) and maybe an email. */
export const guestContactOf = (address: Address): GuestContact => ({
  name: address.name.trim(),
  email: address.email === "" ? null : parseEmail(address.email) ?? null,
  phone: comparablePhone(address.phone)
})

/** The coupon to apply at checkout: `null` when there is none or its minimum is no longer met. */
const couponForCheckout = (
  code: string,
  coupon: Coupon | null,
  context: { readonly shopId: ShopId; readonly subtotal: MinorUnits; readonly now: Date }
): Result.Result<Coupon | null, CouponInvalid> => {
  if (code === "") return Result.succeed(null)
  const checked = checkCouponEligibility(coupon, { requestedCode: code, ...context })
  if (Result.isSuccess(checked)) return checked
  return checked.failure.reason === "minimum_not_met" ? Result.succeed(null) : checked
}

export interface CheckoutOptions {
  /** Whether a signed-in requester's shipping address joins their address book (default true). */
  readonly saveAddress?: boolean
}

/** What checkout runs on besides the cart's ports. */
export interface CheckoutPorts extends CartPorts, PlacedOrderPorts {
  readonly orders: OrderRepository["Service"]
  readonly random: SecureRandom["Service"]
  readonly hasher: TokenHasher["Service"]
  readonly customers: CustomerRepository["Service"]
  readonly customer: CustomerService["Service"]
  /** Shipments and couriers; absent (a library composition without couriers): nothing is booked. */
  readonly planning?: ShipmentPlanning | undefined
}

export const checkout = (
  ports: CheckoutPorts,
  request: CartChangeRequest,
  checkoutOptions: CheckoutOptions = {}
) =>
  ports.transactions.atomically(Effect.gen(function*() {
    const { ids, inventory, coupons, orders } = ports
    const change = yield* currentCartChange(ports)
    const locked = yield* lockCartForChange(ports, request, change)

    const variantIds = [...new Set(locked.lines.map((line) => line.variantId))].sort()
    const variants = variantIds.length === 0
      ? new Map()
      : yield* inventory.variantsForShopForUpdate(locked.shopId, variantIds)
    const cart = dropVanishedLines(locked, (variantId) => variants.has(variantId))
    const anyLineRequiresShipping = cart.lines.some((line) => variants.get(line.variantId)?.requiresShipping ?? true)
    const ready = yield* Effect.fromResult(assertReadyForCheckout(cart, { anyLineRequiresShipping }, change.now))
    const shippingAddress = ready.shippingAddress
    if (shippingAddress === null) return yield* Effect.die(new Error("checkout: readiness admitted a cart without address"))

    const options = currentShippingOptions(ports.readModel)
    const selection = selectedShipping(ready, options)
    if (anyLineRequiresShipping) {
      if (selection === undefined) return yield* new ShippingMethodRequired({ cartId: cart.id })
      yield* Effect.fromResult(zoneForType(selection.method, selection.zoneType))
    }
    for (const line of ready.lines) {
      const variant = yield* Effect.fromResult(assertVariantAvailable(line.variantId, variants.get(line.variantId)))
      yield* Effect.fromResult(assertQuantityInStock(variant, line.quantity))
    }

    const lines = priceLines(ready, variants)
    const storedCoupon = ready.couponCode === "" ? null : Option.getOrNull(yield* coupons.findByCode(ready.shopId, ready.couponCode))
    const coupon = yield* Effect.fromResult(couponForCheckout(ready.couponCode, storedCoupon, {
      shopId: ready.shopId,
      subtotal: subtotalOf(lines),
      now: change.now
    }))
    const totals = yield* Effect.fromResult(computeCartTotals({
      lines: totalsLines(lines),
      coupon,
      shipping: anyLineRequiresShipping && selection !== undefined ? selection : null,
      paymentMethod: ready.paymentMethod
    }))

    if (coupon !== null && !(yield* coupons.recordUse(ready.shopId, coupon.code))) {
      return yield* new CouponInvalid({ code: ready.couponCode, reason: "usage_limit_reached" })
    }

    let customerId = ready.customerId
    let guest: GuestContact | null = null
    if (customerId === null) {
      guest = guestContactOf(shippingAddress)
      customerId = (yield* ports.customers.findOrCreatePasswordless(guest, CustomerId.make(yield* ids.next("cus")), change.now)).id
    }
    const orderLines: Array<OrderLine> = []
    for (const { line, variant, unitPrice, compareAtPrice, lineTotal } of lines) {
      orderLines.push({
        id: LineId.make(yield* ids.next("item")),
        variantId: line.variantId,
        productId: line.productId,
        productName: variant.productName,
        productSku: variant.productSku,
        variantSku: variant.sku,
        images: variant.images,
        optionValues: variant.optionValues,
        quantity: line.quantity,
        unitPrice,
        compareAtPrice,
        lineTotal
      })
    }
    const order = placeOrder({
      id: OrderId.make(yield* ids.next("ord")),
      orderNumber: yield* orders.nextOrderNumber,
      customerId,
      guestContact: guest === null ? null : { email: guest.email, phone: comparablePhone(shippingAddress.phone) },
      cart: { ...ready, shippingAddress },
      lines: orderLines,
      totals,
      couponApplied: coupon !== null,
      shippingMethodName: selection?.method.name ?? "",
      now: change.now
    })
    const orderToken = yield* ports.random.token
    yield* orders.insert(order, yield* ports.hasher.hash(orderToken))
    yield* announcePlacedOrder(ports, order, comparablePhone(shippingAddress.phone), change.now)
    if (ports.planning !== undefined) {
      const weightOf = (line: OrderLine) => variants.get(line.variantId)?.weightGrams ?? asGrams(0)
      yield* planShipment(ports.planning, ports.readModel, order, weightOf, yield* RequestLocale)
    }
    yield* ports.carts.update(yield* Effect.fromResult(completeCart(ready, change)))
    if (request.requester.customerId !== null && checkoutOptions.saveAddress !== false) {
      yield* ports.customer.rememberCheckoutAddress(request.requester.customerId, shippingAddress, change.now)
    }
    yield* inventory.takeStock(ready.lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })))
    yield* inventory.recordSales(lines.map(({ line }) => ({ productId: line.productId, quantity: line.quantity })))
    const placed: PlacedOrder = { order, orderToken }
    return placed
  }))
