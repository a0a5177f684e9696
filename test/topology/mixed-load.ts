/**
 * A mixed load through the load balancer: shoppers browsing, changing their carts' notes,
 * buying (cart created and checked out, each with an Idempotency-Key) and logging in. Every
 * request is recorded (when it started and ended, what came back, which instance served it),
 * and so is every write a client saw succeed, so that the suite can check afterwards that none
 * was lost. A buyer whose cart creation or checkout got no answer retries it with the same key,
 * as a client should (on 409 `idempotency_key_in_progress` too, until the key's lease ends).
 */
import { randomUUID } from "node:crypto"
import { sleep } from "../support/server-process.ts"
import { ADDRESS, type Answer, call, versionOf } from "./topology-fixture.ts"

export interface Attempt {
  readonly what: string
  readonly startedAt: number
  readonly endedAt: number
  /** null: no HTTP answer (the connection broke) */
  readonly status: number | null
  readonly servedBy: string | null
  /** a problem's code, or the start of the body of any other answer that is not 2xx */
  readonly problem?: string
}

export interface Purchase {
  readonly cartKey: string
  readonly checkoutKey: string
  cartId?: string
  orderId?: string
}

export interface LoadRecord {
  readonly attempts: Array<Attempt>
  /** The last version each cart was confirmed at (its ETag), by the clients' own view. */
  readonly confirmedVersions: Map<string, number>
  readonly purchases: Array<Purchase>
}

export interface MixedLoad {
  readonly record: LoadRecord
  /** Stops starting new work; resolves when every client has finished (buyers finish their purchase). */
  readonly stop: () => Promise<void>
}

/** A failure as a load balancer's client sees it: no answer, or a gateway error. */
export const failed = (attempt: Attempt) => attempt.status === null || attempt.status === 502 || attempt.status === 504

export const startMixedLoad = (options: {
  readonly base: string
  readonly variants: ReadonlyArray<string>
  /** carts whose notes the note writers keep changing */
  readonly notedCarts: ReadonlyArray<string>
  readonly login: { readonly email: string; readonly password: string }
}): MixedLoad => {
  const record: LoadRecord = { attempts: [], confirmedVersions: new Map(), purchases: [] }
  let running = true

  const attempt = async (what: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const startedAt = Date.now()
    let answer: Answer | null = null
    try {
      answer = await call(options.base, method, path, body, headers)
    } catch {
      // the connection broke: recorded as no answer
    }
    record.attempts.push({
      what,
      startedAt,
      endedAt: Date.now(),
      status: answer?.status ?? null,
      servedBy: answer?.headers.get("x-served-by") ?? null,
      ...(answer !== null && answer.status >= 300 ? { problem: `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 200)}` } : {})
    })
    return answer
  }

  /** Retries a keyed request until it is answered with `expected` (a buyer does not give up). */
  const untilAnswered = async (what: string, expected: number, path: string, body: unknown, key: string) => {
    for (let tries = 0; tries < 400; tries++) {
      const answer = await attempt(what, "POST", path, body, { "idempotency-key": key })
      if (answer?.status === expected) return answer
      // no answer or a gateway error (the instance died), or the key still held by the request that died with it
      const inProgress = answer?.status === 409 && answer.body["code"] === "idempotency_key_in_progress"
      if (answer !== null && !inProgress && answer.status !== 502 && answer.status !== 503 && answer.status !== 504) {
        throw new Error(`${what} with key ${key}: ${answer.status} ${JSON.stringify(answer.body)}`)
      }
      await sleep(inProgress ? 500 : 100)
    }
    throw new Error(`${what} with key ${key} never succeeded`)
  }

  const browser = async () => {
    while (running) {
      await attempt("browse", "GET", "/v1/store/products?limit=20&sortBy=price&sortOrder=asc")
      await attempt("browse", "GET", "/v1/store/products?limit=5&search=saree")
    }
  }

  const noteWriter = async (cartId: string) => {
    let note = 0
    while (running) {
      const answer = await attempt("cart change", "PUT", `/v1/store/cart/${cartId}/notes`, { note: `note ${++note}` })
      if (answer?.status === 200) record.confirmedVersions.set(cartId, versionOf(answer))
    }
  }

  const buyer = async (index: number) => {
    let round = 0
    while (running) {
      const variantId = options.variants[(index + round++) % options.variants.length]
      const purchase: Purchase = { cartKey: randomUUID(), checkoutKey: randomUUID() }
      record.purchases.push(purchase)
      const created = await untilAnswered("create cart", 201, "/v1/store/cart", { items: [{ variantId, quantity: 1 }] }, purchase.cartKey)
      const cartId = created.body["id"] as string
      purchase.cartId = cartId
      record.confirmedVersions.set(cartId, versionOf(created))
      for (const [path, body] of [["shipping-address", ADDRESS], ["shipping-method", { shippingMethodId: "sm_demo_standard" }]] as const) {
        for (;;) {
          const changed = await attempt("cart change", "PUT", `/v1/store/cart/${cartId}/${path}`, body)
          if (changed?.status === 200) {
            record.confirmedVersions.set(cartId, versionOf(changed))
            break
          }
          await sleep(100)
        }
      }
      const order = await untilAnswered("checkout", 201, `/v1/store/cart/${cartId}/checkout`, {}, purchase.checkoutKey)
      purchase.orderId = order.body["id"] as string
    }
  }

  const loginClient = async () => {
    while (running) {
      await attempt("login", "POST", "/v1/store/auth/login", options.login)
      await sleep(200)
    }
  }

  /** A buyer that met an answer it cannot retry stops the load, and the suite fails with it. */
  let problem: unknown = undefined
  const stopWith = (error: unknown) => {
    problem = error
    running = false
  }
  const clients = [
    browser(),
    browser(),
    ...options.notedCarts.map(noteWriter),
    buyer(0).catch(stopWith),
    buyer(1).catch(stopWith),
    loginClient()
  ]
  return {
    record,
    stop: async () => {
      running = false
      await Promise.all(clients)
      if (problem !== undefined) throw problem
    }
  }
}
