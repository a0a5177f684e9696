/**
 * The cart routes (docs/contract/cart.md) under /v1/store/cart. A bearer token is optional: a signed-in
 * customer owns the carts they create or touch. Every success returns the whole Cart with
 * `ETag: "<version>"`; changes accept `If-Match`; creation and checkout accept `Idempotency-Key`.
 * Checkout answers 201 with the order.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from "../../../application/idempotency/run-idempotently.ts"
import { guessableKeyReason } from "../../../application/idempotency/key-randomness.ts"
import { cartAddressErrors, cartErrors } from "../problems/cart-problem-table.ts"
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
import { CartId, LineId } from "../../../domain/shared/ids.ts"
import { CartAddressBody } from "./cart-address-body.ts"
import { OptionalCustomerAuthMiddleware } from "./customer-auth.ts"
import { EXAMPLE_ADDRESS } from "./address-example.ts"
import { operationDocs } from "./operation-docs.ts"
import { PlacedOrderView } from "./order-views.ts"

/**
 * At least 128 bits of randomness (a UUID v4, or 22+ random base64url characters), printable
 * ASCII, and not a key a randomness estimate refuses (docs/contract/cart.md, key-randomness.ts).
 */
const IdempotencyKey = Schema.String.check(
  Schema.isPattern(new RegExp(`^[!-~]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), {
    expected: `an Idempotency-Key of ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII ` +
      "characters with at least 128 bits of randomness, e.g. a UUID (crypto.randomUUID())"
  }),
  Schema.makeFilter((key: string) => {
    const reason = guessableKeyReason(key)
    return reason === undefined ||
      `Expected an Idempotency-Key with at least 128 bits of randomness, e.g. a UUID (crypto.randomUUID()); this one is ${reason}`
  })
)

const changeHeaders = { "if-match": Schema.optionalKey(Schema.String) }
const cartParams = { cartId: CartId }
const itemParams = { cartId: CartId, itemId: LineId }

const CartResponse = HttpApiSchema.WithHeaders(CartView, { etag: Schema.String })

/** What every change of a cart declares: the cart id, If-Match, the whole cart back, the cart problems. */
const cartChange = { params: cartParams, headers: changeHeaders, success: CartResponse, error: cartErrors }
const itemChange = { ...cartChange, params: itemParams }
const addressChange = { ...cartChange, payload: CartAddressBody, error: cartAddressErrors }

const EXAMPLE_CART = { cartId: "cart_2b5n8m1k4j7h0g3f6d9s" }
const EXAMPLE_ITEM = { ...EXAMPLE_CART, itemId: "item_6t9y2u5i8o1p4a7s0d3f" }
const EXAMPLE_CART_ADDRESS = { ...EXAMPLE_ADDRESS, email: "nusrat@example.com" }
const CHANGE = "Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412)."

export class CartApiGroup extends HttpApiGroup.make("cart").add(
  HttpApiEndpoint.post("createCart", "/cart", {
    headers: { "idempotency-key": Schema.optionalKey(IdempotencyKey) },
    payload: CreateCartBody,
    success: HttpApiSchema.WithHeaders(CartView.pipe(HttpApiSchema.status(201)), { etag: Schema.String }),
    error: cartErrors
  }).annotateMerge(operationDocs({
    summary: "Create a cart",
    description: "A new cart in the key's shop (`shopId` when the key sees several), optionally with items. " +
      "Signed in, the customer owns it. Retries with the same `Idempotency-Key` get the same cart.",
    examples: { request: { items: [{ variantId: "var_3h6j9k2l5z8x1c4v7b0n", quantity: 2 }] } }
  })),
  HttpApiEndpoint.get("getCart", "/cart/:cartId", {
    params: cartParams,
    success: CartResponse,
    error: cartErrors
  }).annotateMerge(operationDocs({
    summary: "Get a cart",
    description: "The cart with its lines, totals (major units) and `ETag`. A cart owned by a customer needs " +
      "that customer's token.",
    examples: { params: EXAMPLE_CART }
  })),
  HttpApiEndpoint.post("addCartItem", "/cart/:cartId/items", { ...cartChange, payload: AddCartItemBody }).annotateMerge(operationDocs({
    summary: "Add an item",
    description: "Adds a variant; a variant already in the cart has its quantity increased. Stock is checked " +
      "(409). " + CHANGE,
    examples: { params: EXAMPLE_CART, request: { variantId: "var_3h6j9k2l5z8x1c4v7b0n", quantity: 1 } }
  })),
  HttpApiEndpoint.patch("updateCartItem", "/cart/:cartId/items/:itemId", { ...itemChange, payload: UpdateCartItemBody }).annotateMerge(operationDocs({
    summary: "Change an item's quantity",
    description: "Sets the line's quantity; 0 removes the line. " + CHANGE,
    examples: { params: EXAMPLE_ITEM, request: { quantity: 3 } }
  })),
  HttpApiEndpoint.delete("removeCartItem", "/cart/:cartId/items/:itemId", itemChange).annotateMerge(operationDocs({
    summary: "Remove an item",
    description: "Removes the line from the cart. " + CHANGE,
    examples: { params: EXAMPLE_ITEM }
  })),
  HttpApiEndpoint.put("setCartNote", "/cart/:cartId/notes", { ...cartChange, payload: CartNoteBody }).annotateMerge(operationDocs({
    summary: "Set the order note",
    description: "The customer's note for the order; an absent `note` clears it. " + CHANGE,
    examples: { params: EXAMPLE_CART, request: { note: "Please call before delivery" } }
  })),
  HttpApiEndpoint.put("setShippingAddress", "/cart/:cartId/shipping-address", addressChange).annotateMerge(operationDocs({
    summary: "Set the shipping address",
    description: "Where the order goes; it decides the shipping zone and fee. `email` links a guest order to " +
      "its customer once they prove that email. Signed in, `{addressId}` copies a saved address instead " +
      "(/customers/me/addresses). " + CHANGE,
    examples: { params: EXAMPLE_CART, request: EXAMPLE_CART_ADDRESS }
  })),
  HttpApiEndpoint.put("setBillingAddress", "/cart/:cartId/billing-address", addressChange).annotateMerge(operationDocs({
    summary: "Set the billing address",
    description: "The billing address, when it differs from the shipping address; signed in, `{addressId}` " +
      "copies a saved address. " + CHANGE,
    examples: { params: EXAMPLE_CART, request: EXAMPLE_CART_ADDRESS }
  })),
  HttpApiEndpoint.put("setShippingMethod", "/cart/:cartId/shipping-method", { ...cartChange, payload: ShippingMethodChoiceBody }).annotateMerge(operationDocs({
    summary: "Choose the shipping method",
    description: "One of the shop's shipping methods (see `GET /shop/shipping-methods`); 422 when it does not " +
      "serve the address's zone. " + CHANGE,
    examples: { params: EXAMPLE_CART, request: { shippingMethodId: "sm_demo_standard" } }
  })),
  HttpApiEndpoint.put("setPaymentMethod", "/cart/:cartId/payment-method", { ...cartChange, payload: PaymentMethodChoiceBody }).annotateMerge(operationDocs({
    summary: "Choose the payment method",
    description: "`cod` (cash on delivery, which may add the shipping method's COD fee) or `prepaid`. " + CHANGE,
    examples: { params: EXAMPLE_CART, request: { paymentMethod: "cod" } }
  })),
  HttpApiEndpoint.put("applyCoupon", "/cart/:cartId/coupon", { ...cartChange, payload: CouponCodeBody }).annotateMerge(operationDocs({
    summary: "Apply a coupon",
    description: "Applies a coupon code, replacing any other; 422 `coupon_invalid` says why one does not " +
      "apply. " + CHANGE,
    examples: { params: EXAMPLE_CART, request: { code: "WELCOME10" } }
  })),
  HttpApiEndpoint.delete("removeCoupon", "/cart/:cartId/coupon", cartChange).annotateMerge(operationDocs({
    summary: "Remove the coupon",
    description: "Takes the coupon off the cart. " + CHANGE,
    examples: { params: EXAMPLE_CART }
  })),
  HttpApiEndpoint.post("checkout", "/cart/:cartId/checkout", {
    params: cartParams,
    headers: { ...changeHeaders, "idempotency-key": Schema.optionalKey(IdempotencyKey) },
    payload: CheckoutBody,
    success: PlacedOrderView.pipe(HttpApiSchema.status(201)),
    error: cartErrors
  }).annotateMerge(operationDocs({
    summary: "Check out",
    description: "Places the order from the cart (no body needed): needs items, a shipping address and a " +
      "shipping method; takes the stock, completes the cart and answers 201 with the order and its `orderToken` " +
      "(a guest's X-Order-Token for cancelling and paying it). Retries with the " +
      "same `Idempotency-Key` get the same order. Signed in, the shipping address joins the address book " +
      "unless the body is `{\"saveAddress\": false}`.",
    examples: { params: EXAMPLE_CART }
  }))
).middleware(OptionalCustomerAuthMiddleware)
  .annotate(OpenApi.Description, "Carts and checkout; the bearer token is optional (a signed-in customer owns their carts)")
{}
