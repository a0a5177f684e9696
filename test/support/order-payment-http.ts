/**
 * Helpers for the cancel and payment tests: an order placed through the real server (prepaid or
 * cash on delivery, with a coupon or not), its stock and coupon uses read from the store, the
 * order and payment session routes, the demo gateway's form (redirects not followed), and the
 * payments service of the test's own stores (to run the payment job's pass on demand).
 */
import { expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { SqlClient } from "effect/sql"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { CustomerService } from "../../application/customer/customer-service.ts"
import { ShippingMethodId } from "../../domain/shared/ids.ts"
import { testAccountSecurity } from "./account-test-layers.ts"
import { fixtureVariant } from "./buying-fixture.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "./cart-http.ts"
import { cartRoutes } from "./cart-routes.ts"
import { type TestPaymentOptions, testPayments } from "./payment-test-layers.ts"
import { type Caller, storeRequest } from "./store-http.ts"
import { rawRequest } from "./test-server.ts"

export const RETURN_URL = "https://shop.example/orders/thanks"

export interface PlacedOrderBody {
  readonly id: string
  readonly status: string
  readonly paymentStatus: string
  readonly paymentMethod: string
  readonly totalPrice: number
  readonly amountPaid: number
  readonly cancelledAt: string | null
  readonly cancellationReason: string | null
  readonly orderToken?: string
}

export interface SessionBody {
  readonly id: string
  readonly provider: string
  readonly status: string
  readonly amount: number
  readonly redirectUrl: string
  readonly expiresAt: string
}

/** Checks out `quantity` of the sku in shop A (Dhaka, standard shipping): the order and its token. */
export const placeOrder = (options: {
  readonly sku: string
  readonly quantity?: number
  readonly prepaid?: boolean
  readonly coupon?: string
  readonly caller?: Caller
  /** The shipping address's fields besides Dhaka's (e.g. a thana). */
  readonly address?: Record<string, string>
}) =>
  Effect.gen(function*() {
    const caller = options.caller ?? {}
    const { variant } = yield* fixtureVariant(options.sku)
    const { cart } = yield* createCart({ items: [{ variantId: variant.id, quantity: options.quantity ?? 1 }] }, caller)
    expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, { ...DHAKA_ADDRESS, email: "guest@example.com", ...options.address }, caller))
    yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") }, caller)
    if (options.prepaid !== false) yield* cartRoutes.setPaymentMethod({ cartId: cart.id }, { paymentMethod: "prepaid" }, caller)
    if (options.coupon !== undefined) yield* cartRoutes.applyCoupon({ cartId: cart.id }, { code: options.coupon }, caller)
    const placed = yield* storeRequest("POST", `/cart/${cart.id}/checkout`, {}, caller)
    expect(placed.status, placed.text).toBe(201)
    const body = placed.body as PlacedOrderBody
    return { order: body, orderToken: body.orderToken ?? "", variantId: variant.id }
  })

export const stockOf = (variantId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ stock: number }>`SELECT stock FROM variants WHERE id = ${variantId}`, (rows) => rows[0]?.stock ?? -1))

export const couponUses = (code: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ usageCount: number }>`SELECT usage_count FROM coupons WHERE upper(code) = ${code.toUpperCase()}`, (rows) =>
      rows[0]?.usageCount ?? -1))

export const capturesOf = (orderId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ disposition: string; reason: string; amount: number }>`
      SELECT disposition, reason, amount::float8 AS amount FROM payment_captures WHERE order_id = ${orderId} ORDER BY created_at, id`)

/** The caller with the guest's order token. */
const tokenHeaders = (orderToken: string | undefined) => orderToken === undefined ? {} : { "x-order-token": orderToken }

const orderRequest = (method: "GET" | "POST", path: string, body: unknown, caller: Caller, orderToken?: string) =>
  rawRequest(method, `/v1/store${path}`, {
    headers: {
      "x-publishable-api-key": caller.key ?? "pk_a",
      ...(caller.accessToken === undefined ? {} : { authorization: `Bearer ${caller.accessToken}` }),
      ...tokenHeaders(orderToken),
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
  })

export const cancelOrder = (orderId: string, orderToken?: string, caller: Caller = {}) =>
  orderRequest("POST", `/orders/${orderId}/cancel`, undefined, caller, orderToken)

export const startSession = (orderId: string, body: unknown, orderToken?: string, caller: Caller = {}) =>
  orderRequest("POST", `/orders/${orderId}/payment-sessions`, body, caller, orderToken)

export const getSession = (orderId: string, sessionId: string, orderToken?: string, caller: Caller = {}) =>
  orderRequest("GET", `/orders/${orderId}/payment-sessions/${sessionId}`, undefined, caller, orderToken)

/** A session opened (201) with the gateway `provider`, the demo one unless said. */
export const openSession = (orderId: string, orderToken: string, provider: "bkash" | "demo" | "sslcommerz" = "demo") =>
  Effect.gen(function*() {
    const opened = yield* startSession(orderId, { provider, returnUrl: RETURN_URL }, orderToken)
    expect(opened.status, opened.text).toBe(201)
    return opened.body as SessionBody
  })

/** The session as the guest reads it now (200). */
export const readSession = (orderId: string, sessionId: string, orderToken: string) =>
  Effect.map(getSession(orderId, sessionId, orderToken), (answer) => {
    expect(answer.status, answer.text).toBe(200)
    return answer.body as SessionBody
  })

/** A request whose redirect is answered, not followed (the shopper's browser would follow it). */
export const unfollowed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, FetchHttpClient.RequestInit, { keepalive: false, redirect: "manual" })

/** The shopper's choice on the demo gateway's page: the form POST. */
export const demoChoose = (sessionId: string, outcome: string) =>
  unfollowed(rawRequest("POST", `/demo-gateway/${sessionId}`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `outcome=${encodeURIComponent(outcome)}`
  }))

/** The outcome a 303 back to the returnUrl carries. */
export const returnedOutcome = (response: { readonly status: number; readonly headers: Readonly<Record<string, string>> }) => {
  expect(response.status).toBe(303)
  const location = new URL(response.headers["location"] ?? "")
  expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL)
  return location.searchParams.get("outcome")
}

/** The payments service over the test's own stores (the server's runs the same code over them). */
export const localPayments = (options: TestPaymentOptions = {}) =>
  PaymentsService.layer.pipe(
    Layer.provide(CustomerService.layer),
    Layer.provide(testPayments(options)),
    Layer.provide(testAccountSecurity)
  )

/** Moves the order's checkout back by `minutes` (as if placed that long ago). */
export const ageOrder = (orderId: string, minutes: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`UPDATE orders SET created_at = created_at - make_interval(mins => ${minutes}) WHERE id = ${orderId}`)
