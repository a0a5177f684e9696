/**
 * A payment captured at the gateway while the service process dies, on PGlite and PostgreSQL:
 * the shopper authorised at bKash (the simulator), the service executed the payment and bKash
 * completed it, but the process is killed (-9) before execute's answer came back, so nothing was
 * settled. The next process's reconciliation loop asks bKash (`payment/status`) and settles it
 * through the callback's settlement: the order is paid, once (docs/payments.md "Reconciliation").
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { BKASH_CREDENTIALS, startGatewaySimulator } from "../support/gateway-simulator.ts"
import { call, eventually, freshIp } from "../support/process-http.ts"
import { processEngines, type Service, startService } from "../support/process-databases.ts"

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const ADDRESS = { name: "Rahim Uddin", phone: "+8801711000001", road: "Lake Road", city: "Dhaka" }

/** A prepaid guest order of one demo variant in stock: its id and order token. */
const placePrepaidOrder = async (base: string) => {
  const headers = { "x-forwarded-for": freshIp() }
  const listing = await call(base, "GET", "/v1/store/products?inStock=true&limit=50", undefined, headers)
  const products = listing.body["data"] as ReadonlyArray<{ variants: ReadonlyArray<{ id: string; inStock: boolean }> }>
  const variant = products.flatMap((product) => product.variants).find((candidate) => candidate.inStock)
  if (variant === undefined) throw new Error("the demo catalog has no variant in stock")
  const created = await call(base, "POST", "/v1/store/cart", { items: [{ variantId: variant.id, quantity: 1 }] }, headers)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const cartId = created.body["id"] as string
  for (const [path, body] of [["shipping-address", ADDRESS], ["shipping-method", { shippingMethodId: "sm_demo_standard" }], ["payment-method", { paymentMethod: "prepaid" }]] as const) {
    const answer = await call(base, "PUT", `/v1/store/cart/${cartId}/${path}`, body, headers)
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200)
  }
  const placed = await call(base, "POST", `/v1/store/cart/${cartId}/checkout`, {}, headers)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return { orderId: placed.body["id"] as string, orderToken: placed.body["orderToken"] as string }
}

for (const engine of processEngines()) {
  describe(`payment captured while the service process dies (${engine.name})`, () => {
    it("killed (-9) between bKash's capture and its settlement: the next process settles it, once", async () => {
      const simulator = await startGatewaySimulator()
      cleanups.push(simulator.close)
      const database = engine.create()
      cleanups.push(database.drop)
      const env = {
        ...database.env,
        BKASH_BASE_URL: simulator.bkashBaseUrl,
        BKASH_APP_KEY: BKASH_CREDENTIALS.appKey,
        BKASH_APP_SECRET: BKASH_CREDENTIALS.appSecret,
        BKASH_USERNAME: BKASH_CREDENTIALS.username,
        BKASH_PASSWORD: BKASH_CREDENTIALS.password,
        PAYMENT_RECONCILE_AFTER_SECONDS: "1"
      }
      const first: Service = await startService(env)
      cleanups.push(first.kill)
      const { orderId, orderToken } = await placePrepaidOrder(first.base)
      const owner = { "x-order-token": orderToken, "x-forwarded-for": freshIp() }
      const opened = await call(first.base, "POST", `/v1/store/orders/${orderId}/payment-sessions`, {
        provider: "bkash", returnUrl: `${first.base}/thanks`
      }, owner)
      expect(opened.status, JSON.stringify(opened.body)).toBe(201)
      const sessionId = opened.body["id"] as string
      const redirectUrl = opened.body["redirectUrl"] as string
      const paymentID = redirectUrl.slice(redirectUrl.lastIndexOf("/") + 1)

      // the shopper comes back; bKash completes execute but holds its answer; the process dies meanwhile
      simulator.executeStalls(1, 20_000)
      const callback = fetch(`${first.base}${simulator.bkashShopper(paymentID, "success")}`, { redirect: "manual" }).catch(() => null)
      await eventually(async () => expect(simulator.calls).toContain("POST /bkash/tokenized/checkout/execute"), 30_000)
      expect(simulator.bkashPayment(paymentID)?.status).toBe("Completed")
      await first.kill()
      await callback

      const second = await startService(env)
      cleanups.push(second.kill)
      await eventually(async () => {
        const session = await call(second.base, "GET", `/v1/store/orders/${orderId}/payment-sessions/${sessionId}`, undefined, owner)
        expect(session.body["status"]).toBe("paid")
      }, 90_000, 500)
      if (database.sql !== undefined) {
        expect(database.sql(`SELECT disposition FROM payment_captures WHERE order_id = '${orderId}'`)).toBe("applied")
        expect(database.sql(`SELECT payment_status, amount_paid = total FROM orders WHERE id = '${orderId}'`)).toBe("paid|t")
      }
      await second.stop()
    }, 420_000)
  })
}
