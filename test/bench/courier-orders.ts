// The orders of the `couriers` shape (courier-figures.ts), through the public API of a server on
// the demo catalog: cash-on-delivery checkouts by a few signed-in customers (each from a client
// address of its own, so no rate limit meets the setup), one unit of a variant in stock each, and
// the customers' order lists read back to check what the couriers' events did.
import { benchClientAddress } from "./auth-shapes.ts"
import { inParallel } from "./in-parallel.ts"
import { arrayOf, isRecord, stringOf } from "./json-fields.ts"
import type { BenchRequest } from "./shape.ts"
import type { StoreApi } from "./store-api.ts"

const DEMO_SHIPPING_METHOD = "sm_demo_standard"
/** A Dhaka address; Pathao's zone list places it by its thana. */
const ADDRESS = { name: "Bench Recipient", phone: "+8801711999000", road: "Lake Road", thana: "Gulshan", city: "Dhaka" }
/** Orders per variant at most: variants not low on stock have at least 6 units. */
const ORDERS_PER_VARIANT = 5
/** Orders per customer at most: one page of the order list. */
export const ORDERS_PER_CUSTOMER = 50

export interface Customer {
  readonly accessToken: string
  readonly address: string
}

export interface PlacedOrder {
  readonly id: string
  readonly orderNumber: string
  readonly totalPrice: number
  readonly customer: Customer
}

/** An order as its customer's order list shows it. */
export interface ListedOrder {
  readonly orderNumber: string
  readonly status: string
  readonly paymentStatus: string | null
  readonly trackingNumber: string | null
  readonly amountPaid: number
}

const expectStatus = async (api: StoreApi, request: BenchRequest, status: number, customer?: Customer): Promise<unknown> => {
  const headers = customer === undefined ? {} : { authorization: `Bearer ${customer.accessToken}`, "x-forwarded-for": customer.address }
  const response = await api.request({ ...request, headers: { ...headers, ...request.headers } })
  if (response.status !== status) {
    throw new Error(`${request.method ?? "GET"} ${request.path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`)
  }
  return response.body
}

/** `count` customers, `couriers-<from + i>@example.com`. */
export const registerCustomers = async (api: StoreApi, count: number, from = 0): Promise<ReadonlyArray<Customer>> => {
  const customers: Array<Customer> = []
  await inParallel(Array.from({ length: count }, (_, i) => i), 4, async (i) => {
    const address = benchClientAddress(1_000 + from + i)
    const body = await expectStatus(api, {
      method: "POST",
      path: "/v1/store/auth/register",
      body: { name: "Bench Recipient", email: `couriers-${from + i}@example.com`, password: "bench-couriers-passphrase-7" },
      headers: { "x-forwarded-for": address }
    }, 201)
    const accessToken = isRecord(body) && isRecord(body["tokens"]) ? stringOf(body["tokens"], "accessToken") : null
    if (accessToken === null) throw new Error("registration answered no access token")
    customers.push({ accessToken, address })
  })
  return customers
}

/** Variants of the demo shop in stock and not low on stock, enough for `orders` orders. */
const variantsFor = async (api: StoreApi, orders: number): Promise<ReadonlyArray<string>> => {
  const found: Array<string> = []
  for (let page = 1; found.length * ORDERS_PER_VARIANT < orders; page++) {
    const products = arrayOf(await expectStatus(api, { path: `/v1/store/products?inStock=true&limit=100&page=${page}` }, 200), "data")
    if (products.length === 0) throw new Error(`the demo shop has too few variants in stock for ${orders} orders`)
    for (const variant of products.flatMap((product) => arrayOf(product, "variants"))) {
      const id = stringOf(variant, "id")
      if (id !== null && isRecord(variant) && variant["inStock"] === true && variant["lowStock"] === false) found.push(id)
    }
  }
  return found
}

/** `orders` cash-on-delivery orders, `concurrency` checkouts at a time. */
export const placeOrders = async (
  api: StoreApi,
  customers: ReadonlyArray<Customer>,
  orders: number,
  concurrency: number
): Promise<ReadonlyArray<PlacedOrder>> => {
  const variants = await variantsFor(api, orders)
  const placed: Array<PlacedOrder> = []
  await inParallel(Array.from({ length: orders }, (_, i) => i), concurrency, async (i) => {
    const customer = customers[i % customers.length]!
    const items = [{ variantId: variants[i % variants.length]!, quantity: 1 }]
    const cartId = stringOf(await expectStatus(api, { method: "POST", path: "/v1/store/cart", body: { items } }, 201, customer), "id")
    if (cartId === null) throw new Error("POST /cart answered no id")
    await expectStatus(api, { method: "PUT", path: `/v1/store/cart/${cartId}/shipping-address`, body: ADDRESS }, 200, customer)
    await expectStatus(api, { method: "PUT", path: `/v1/store/cart/${cartId}/shipping-method`, body: { shippingMethodId: DEMO_SHIPPING_METHOD } }, 200, customer)
    const order = await expectStatus(api, { method: "POST", path: `/v1/store/cart/${cartId}/checkout`, body: {} }, 201, customer)
    const id = stringOf(order, "id")
    const orderNumber = stringOf(order, "orderNumber")
    const totalPrice = isRecord(order) ? order["totalPrice"] : null
    if (id === null || orderNumber === null || typeof totalPrice !== "number") throw new Error("checkout answered no order")
    placed.push({ id, orderNumber, totalPrice, customer })
  })
  return placed
}

/** Every customer's orders, by order number. */
export const listOrders = async (api: StoreApi, customers: ReadonlyArray<Customer>): Promise<ReadonlyMap<string, ListedOrder>> => {
  const listed = new Map<string, ListedOrder>()
  await inParallel(customers, 4, async (customer) => {
    const page = await expectStatus(api, { path: `/v1/store/customers/me/orders?limit=${ORDERS_PER_CUSTOMER}` }, 200, customer)
    for (const order of arrayOf(page, "data")) {
      if (!isRecord(order)) continue
      const orderNumber = String(order["orderNumber"])
      listed.set(orderNumber, {
        orderNumber,
        status: String(order["status"]),
        paymentStatus: typeof order["paymentStatus"] === "string" ? order["paymentStatus"] : null,
        trackingNumber: typeof order["trackingNumber"] === "string" ? order["trackingNumber"] : null,
        amountPaid: Number(order["amountPaid"])
      })
    }
  })
  return listed
}

/** The orders not `delivered` with the cash collected as `amountPaid` (and paid, when all of it was). */
export const wronglyDelivered = (
  orders: ReadonlyArray<PlacedOrder>,
  collected: ReadonlyMap<string, number>,
  listed: ReadonlyMap<string, ListedOrder>
): ReadonlyArray<string> =>
  orders.filter((order) => {
    const shown = listed.get(order.orderNumber)
    const cash = collected.get(order.orderNumber)
    return shown?.status !== "delivered" || shown.amountPaid !== cash || (cash === order.totalPrice && shown.paymentStatus !== "paid")
  }).map((order) => `${order.orderNumber} (collected ${collected.get(order.orderNumber)}): ${JSON.stringify(listed.get(order.orderNumber))}`)

/** The orders not `processing` with the tracking number `trackingOf` gives. */
export const notBooked = (
  orders: ReadonlyArray<PlacedOrder>,
  trackingOf: (order: PlacedOrder) => string | undefined,
  listed: ReadonlyMap<string, ListedOrder>
): ReadonlyArray<string> =>
  orders.filter((order) => {
    const shown = listed.get(order.orderNumber)
    return shown?.status !== "processing" || shown.trackingNumber !== trackingOf(order)
  }).map((order) => `${order.orderNumber}: ${JSON.stringify(listed.get(order.orderNumber))}`)
