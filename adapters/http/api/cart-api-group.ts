/**
 * The cart routes (CONTRACT §6) under /v1/store/cart. A bearer token is optional: a signed-in
 * customer owns the carts they create or touch. Every success returns the whole Cart with
 * `ETag: "<version>"`; changes accept `If-Match`; creation and checkout accept `Idempotency-Key`.
 * Checkout answers 201 with the order.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { AddressInput } from "../../../domain/shipping/address.ts"
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../../../application/idempotency/run-idempotently.ts"
import { ShopNotFoundProblem } from "../problems/catalog-problems.ts"
import {
  CartCompletedProblem,
  CartEmptyProblem,
  CartExpiredProblem,
  CartItemNotFoundProblem,
  CartNotFoundProblem,
  CartVersionMismatchProblem,
  CouponInvalidProblem,
  IdempotencyKeyInProgressProblem,
  IdempotencyKeyReusedProblem,
  InsufficientStockProblem,
  VariantNotFoundProblem
} from "../problems/cart-problems.ts"
import {
  ShippingAddressRequiredProblem,
  ShippingMethodNotFoundProblem,
  ShippingMethodRequiredProblem,
  ShippingUnavailableForZoneProblem
} from "../problems/shipping-problems.ts"
import {
  AddCartItemBody,
  CartNoteBody,
  CartView,
  CheckoutBody,
  CouponCodeBody,
  CreateCartBody,
  PaymentMethodChoiceBody,
  ShippingMethodChoiceBody,
  UpdateCartItemBody
} from "./cart-views.ts"
import { OptionalCustomerAuthMiddleware } from "./customer-auth.ts"
import { OrderDetailView } from "./order-views.ts"

const IdempotencyKey = Schema.String.check(Schema.isBetweenLength(1, IDEMPOTENCY_KEY_MAX_LENGTH))

const changeHeaders = { "if-match": Schema.optionalKey(Schema.String) }
const cartParams = { cartId: Schema.String }
const itemParams = { cartId: Schema.String, itemId: Schema.String }

const CartResponse = HttpApiSchema.WithHeaders(CartView, { etag: Schema.String })

/** Every cart route may answer these (the ones that cannot happen on a route are never sent). */
const cartErrors = [
  CartNotFoundProblem,
  CartItemNotFoundProblem,
  VariantNotFoundProblem,
  ShippingMethodNotFoundProblem,
  ShopNotFoundProblem,
  InsufficientStockProblem,
  CartCompletedProblem,
  IdempotencyKeyInProgressProblem,
  CartExpiredProblem,
  CartVersionMismatchProblem,
  ShippingAddressRequiredProblem,
  ShippingMethodRequiredProblem,
  ShippingUnavailableForZoneProblem,
  CouponInvalidProblem,
  CartEmptyProblem,
  IdempotencyKeyReusedProblem
] as const

export class CartApiGroup extends HttpApiGroup.make("cart").add(
  HttpApiEndpoint.post("createCart", "/cart", {
    headers: { "idempotency-key": Schema.optionalKey(IdempotencyKey) },
    payload: CreateCartBody,
    success: HttpApiSchema.WithHeaders(CartView.pipe(HttpApiSchema.status(201)), { etag: Schema.String }),
    error: cartErrors
  }),
  HttpApiEndpoint.get("getCart", "/cart/:cartId", { params: cartParams, success: CartResponse, error: cartErrors }),
  HttpApiEndpoint.post("addCartItem", "/cart/:cartId/items", {
    params: cartParams,
    headers: changeHeaders,
    payload: AddCartItemBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.patch("updateCartItem", "/cart/:cartId/items/:itemId", {
    params: itemParams,
    headers: changeHeaders,
    payload: UpdateCartItemBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.delete("removeCartItem", "/cart/:cartId/items/:itemId", {
    params: itemParams,
    headers: changeHeaders,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("setCartNote", "/cart/:cartId/notes", {
    params: cartParams,
    headers: changeHeaders,
    payload: CartNoteBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("setShippingAddress", "/cart/:cartId/shipping-address", {
    params: cartParams,
    headers: changeHeaders,
    payload: AddressInput,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("setBillingAddress", "/cart/:cartId/billing-address", {
    params: cartParams,
    headers: changeHeaders,
    payload: AddressInput,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("setShippingMethod", "/cart/:cartId/shipping-method", {
    params: cartParams,
    headers: changeHeaders,
    payload: ShippingMethodChoiceBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("setPaymentMethod", "/cart/:cartId/payment-method", {
    params: cartParams,
    headers: changeHeaders,
    payload: PaymentMethodChoiceBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.put("applyCoupon", "/cart/:cartId/coupon", {
    params: cartParams,
    headers: changeHeaders,
    payload: CouponCodeBody,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.delete("removeCoupon", "/cart/:cartId/coupon", {
    params: cartParams,
    headers: changeHeaders,
    success: CartResponse,
    error: cartErrors
  }),
  HttpApiEndpoint.post("checkout", "/cart/:cartId/checkout", {
    params: cartParams,
    headers: { ...changeHeaders, "idempotency-key": Schema.optionalKey(IdempotencyKey) },
    payload: CheckoutBody,
    success: OrderDetailView.pipe(HttpApiSchema.status(201)),
    error: cartErrors
  })
).middleware(OptionalCustomerAuthMiddleware) {}
