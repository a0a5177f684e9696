// The buying-path shapes of `npm run bench`: signed-in shoppers filling carts, and checkouts.
// They use the main storefront's key (one shop) and variants found in stock through the API.
import type { BenchRequest, FlowContext, JsonValue, PreparedRequest, Shape, ShapeContext } from "./shape.ts"
import type { StoreApi } from "./store-api.ts"
import { benchClientAddress } from "./auth-shapes.ts"
import { arrayOf, isRecord, stringOf } from "./json-fields.ts"
import { inParallel } from "./in-parallel.ts"

const MAIN_KEY = "pk_main_0123456789abcdef"
const MAIN_KEY_HEADER = { "x-publishable-api-key": MAIN_KEY }
/** Products scanned for variants in stock (100 per page), at least. */
const PRODUCT_PAGES = 10
/** Items a shopper adds to each cart before starting a new one. */
const ADDS_PER_CART = 9
/**
 * Checkouts per second the cart supply is sized for (each cart is checked out once and needs
 * three requests in setup): well above what two cores reach, so the supply outlasts the load.
 * BENCH_CHECKOUT_CEILING lowers it for runs on a busy machine, whose setup would take minutes.
 */
const CHECKOUT_CEILING_PER_SECOND = Number(process.env["BENCH_CHECKOUT_CEILING"] ?? 1_000)
/** Carts checked out per variant at most: variants not low on stock have at least 6 units. */
const CARTS_PER_VARIANT = 5
const SETUP_CONCURRENCY = 16

const ADDRESS = { name: "Bench Shopper", phone: "+8801711999000", road: "Lake Road", city: "Dhaka" }

const mainRequest = (api: StoreApi, request: BenchRequest) =>
  api.request({ ...request, headers: { ...MAIN_KEY_HEADER, ...request.headers } })

const expectStatus = async (api: StoreApi, request: BenchRequest, status: number): Promise<unknown> => {
  const response = await mainRequest(api, request)
  if (response.status !== status) {
    throw new Error(`${request.method ?? "GET"} ${request.path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`)
  }
  return response.body
}

/**
 * Variants of the main shop that are in stock and not low on stock (so at least 6 units): those
 * of the first PRODUCT_PAGES pages, and further pages until `wanted` are found (or none are left).
 */
const variantsInStock = async (api: StoreApi, wanted = 0): Promise<ReadonlyArray<string>> => {
  const found: Array<string> = []
  for (let page = 1; page <= PRODUCT_PAGES || found.length < wanted; page++) {
    const listing = await expectStatus(api, { path: `/v1/store/products?inStock=true&limit=100&page=${page}` }, 200)
    const products = arrayOf(listing, "data")
    if (products.length === 0) break
    for (const product of products) {
      for (const variant of arrayOf(product, "variants")) {
        const id = stringOf(variant, "id")
        if (id !== null && isRecord(variant) && variant["inStock"] === true && variant["lowStock"] === false) found.push(id)
      }
    }
  }
  if (found.length === 0) throw new Error("no variant in stock in the main shop")
  return found
}

/**
 * Access tokens of signed-in shoppers: the login accounts of auth-shapes.ts when they exist;
 * otherwise (this shape run on its own) one account of our own, registered from its own client
 * address, or found again on a rerun. Successful logins are not rate limited.
 */
const SHARED_LOGIN_ACCOUNTS = Array.from({ length: 5 }, (_, index) => ({
  email: `bench-login-${index}@example.com`,
  password: "bench-login-passphrase-7"
}))
const OWN_SHOPPER = { email: "bench-cart-shopper@example.com", password: "violet-harbour-lantern" }

const login = async (api: StoreApi, credentials: { readonly email: string; readonly password: string }): Promise<string | null> => {
  const response = await mainRequest(api, { method: "POST", path: "/v1/store/auth/login", body: credentials })
  return response.status === 200 ? stringOf(isRecord(response.body) ? response.body["tokens"] : undefined, "accessToken") : null
}

const accessTokens = async (api: StoreApi): Promise<ReadonlyArray<string>> => {
  const shared: Array<string> = []
  for (const account of SHARED_LOGIN_ACCOUNTS) {
    const token = await login(api, account)
    if (token !== null) shared.push(token)
  }
  if (shared.length > 0) return shared
  // registering again would count against the registration rate limit: log in first
  const returning = await login(api, OWN_SHOPPER)
  if (returning !== null) return [returning]
  const registered = await mainRequest(api, {
    method: "POST",
    path: "/v1/store/auth/register",
    body: { name: "Bench Shopper", ...OWN_SHOPPER },
    headers: { "x-forwarded-for": benchClientAddress(1_000) }
  })
  if (registered.status !== 201 && registered.status !== 409) {
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body).slice(0, 300)}`)
  }
  const token = await login(api, OWN_SHOPPER)
  if (token === null) throw new Error("the bench shopper cannot log in")
  return [token]
}

const cartIdFrom = (body: string): string | null => {
  try {
    return stringOf(JSON.parse(body), "id")
  } catch {
    return null
  }
}

/**
 * A signed-in shopper (bearer token) creates a cart, then adds nine items one request at a time
 * (random variants in stock, one unit each), then starts a new cart: 90 % of the requests are
 * "add to cart" (POST /cart/{id}/items), 10 % create the cart.
 */
const addToCartSetup = async ({ api }: ShapeContext): Promise<ReadonlyArray<BenchRequest>> => {
  const variants = await variantsInStock(api)
  const tokens = await accessTokens(api)
  let shopper = 0
  const create: BenchRequest = {
    method: "POST",
    path: "/v1/store/cart",
    body: {},
    prepare: (request: PreparedRequest, context: FlowContext) => {
      const token = tokens[shopper++ % tokens.length] ?? ""
      context["authorization"] = `Bearer ${token}`
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }
    },
    onResponse: (_status, body, context) => {
      context["cartId"] = cartIdFrom(body)
    }
  }
  const add: BenchRequest = {
    method: "POST",
    path: "/v1/store/cart/{cartId}/items",
    body: { variantId: "", quantity: 1 },
    prepare: (request, context) => {
      const cartId = context["cartId"]
      const authorization = context["authorization"]
      if (typeof cartId !== "string" || typeof authorization !== "string") return null
      const variantId = variants[Math.floor(Math.random() * variants.length)] ?? ""
      return {
        ...request,
        path: `/v1/store/cart/${cartId}/items`,
        headers: { ...request.headers, authorization },
        body: JSON.stringify({ variantId, quantity: 1 })
      }
    }
  }
  return [create, ...Array.from({ length: ADDS_PER_CART }, () => add)]
}

/**
 * Guest checkouts of carts made ready in setup (one item, a Dhaka address, standard shipping),
 * each checked out once: every measured request is one order.
 */
const checkoutSetup = async ({ api, loadSeconds }: ShapeContext): Promise<ReadonlyArray<BenchRequest>> => {
  const wanted = Math.ceil(loadSeconds * CHECKOUT_CEILING_PER_SECOND)
  const variants = await variantsInStock(api, Math.ceil(wanted / CARTS_PER_VARIANT))
  const carts = Math.min(wanted, variants.length * CARTS_PER_VARIANT)
  const ready: Array<string> = []
  await inParallel(Array.from({ length: carts }, (_, index) => index), SETUP_CONCURRENCY, async (index) => {
    const items: JsonValue = [{ variantId: variants[index % variants.length] ?? "", quantity: 1 }]
    const cart = await expectStatus(api, { method: "POST", path: "/v1/store/cart", body: { items } }, 201)
    const cartId = stringOf(cart, "id")
    if (cartId === null) throw new Error("POST /cart answered no id")
    await expectStatus(api, { method: "PUT", path: `/v1/store/cart/${cartId}/shipping-address`, body: ADDRESS }, 200)
    await expectStatus(api, { method: "PUT", path: `/v1/store/cart/${cartId}/shipping-method`, body: { shippingMethodId: "sm_standard" } }, 200)
    ready.push(cartId)
  })
  console.log(`[bench] checkout: ${ready.length} carts ready over ${variants.length} variants`)
  let next = 0
  return [{
    method: "POST",
    path: "/v1/store/cart/{cartId}/checkout",
    prepare: (request) => {
      const cartId = ready[next++]
      if (cartId !== undefined) return { ...request, path: `/v1/store/cart/${cartId}/checkout` }
      // Out of carts: checking out a completed cart again answers 409, so the run shows as
      // FAILED with its non-2xx count instead of stopping the bench (a single-request load may
      // not answer null to autocannon).
      if (next === ready.length + 1) console.error(`[bench] checkout: all ${ready.length} carts are checked out; the load goes on with 409s`)
      return { ...request, path: `/v1/store/cart/${ready[0] ?? "none"}/checkout` }
    }
  }]
}

export const cartShapes: ReadonlyArray<Shape> = [
  { name: "add-to-cart", headers: MAIN_KEY_HEADER, order: "sequence", setup: addToCartSetup },
  { name: "checkout", headers: MAIN_KEY_HEADER, setup: checkoutSetup }
]
