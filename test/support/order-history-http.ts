/** The signed-in customer's order history over raw HTTP (shop A's key), and the ids a page lists. */
import { expect } from "@effect/vitest"
import { rawRequest } from "./test-server.ts"

const asCustomer = (accessToken: string) => ({
  headers: { "x-publishable-api-key": "pk_a", authorization: `Bearer ${accessToken}` }
})

export const myOrders = (accessToken: string) =>
  rawRequest("GET", "/v1/store/customers/me/orders?limit=50", asCustomer(accessToken))

export const myOrder = (accessToken: string, orderId: string) =>
  rawRequest("GET", `/v1/store/customers/me/orders/${orderId}`, asCustomer(accessToken))

/** The ids of a 200 order page. */
export const orderIds = (response: { readonly status: number; readonly body: unknown; readonly text: string }) => {
  expect(response.status, response.text).toBe(200)
  return (response.body as { readonly data: ReadonlyArray<{ readonly id: string }> }).data.map((order) => order.id)
}
