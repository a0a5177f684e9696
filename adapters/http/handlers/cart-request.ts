/**
 * What the cart handlers read from a request besides its decoded fields: who asks (the key's
 * shops and the signed-in customer), the versions an If-Match names, and the identity of a
 * request for Idempotency-Key (method, path and the decoded body in a canonical form, hashed).
 */
import { createHash } from "node:crypto"
import { Effect, Option } from "effect"
import { HttpServerResponse } from "effect/http"
import type { CartRequester } from "../../../application/cart/cart-requester.ts"
import type { ExpectedVersions } from "../../../application/cart/change-cart.ts"
import type { IdempotentRequest } from "../../../application/idempotency/run-idempotently.ts"
import type { RecordedResponse } from "../../../application/idempotency/recorded-response.ts"
import { OptionalCurrentCustomer } from "../api/customer-auth.ts"
import { StoreScope } from "../api/store-scope.ts"
import type { CustomerId } from "../../../domain/shared/ids.ts"

export const currentRequester = Effect.gen(function*() {
  const scope = yield* StoreScope
  const customer = yield* OptionalCurrentCustomer
  const requester: CartRequester = {
    shopIds: scope.shopIds,
    customerId: Option.isSome(customer) ? customer.value.customerId : null
  }
  return { requester, publishableKey: scope.key }
})

const ENTITY_TAG = /^(?:W\/)?"(\d{1,15})"$/

/**
 * `If-Match`: absent or `*` → no precondition; otherwise the versions of the listed entity tags
 * (`"3"`, `W/"3"`, several comma-separated). Tags that are not cart versions match nothing.
 */
export const expectedVersionsOf = (ifMatch: string | undefined): ExpectedVersions => {
  if (ifMatch === undefined || ifMatch.trim() === "*") return null
  return ifMatch.split(",").flatMap((tag) => {
    const match = ENTITY_TAG.exec(tag.trim())
    return match === null ? [] : [Number(match[1])]
  })
}

/** JSON with object keys sorted, so that equal bodies compare equal whatever their key order. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === "object" && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([left], [right]) => left < right ? -1 : left > right ? 1 : 0))
      : nested) ?? ""

export const idempotentRequest = (options: {
  readonly operation: string
  /** What the key is scoped to besides the operation, the publishable key and the customer (a cart id). */
  readonly resource?: string
  readonly key: string | undefined
  readonly publishableKey: string
  readonly customerId: CustomerId | null
  readonly method: string
  readonly path: string
  readonly payload: unknown
}): IdempotentRequest | null =>
  options.key === undefined ? null : {
    scope: `${options.operation}:${options.publishableKey}:${options.customerId ?? ""}:${options.resource ?? ""}`,
    key: options.key,
    fingerprint: createHash("sha256").update(`${options.method} ${options.path}\n${canonicalJson(options.payload)}`).digest("hex")
  }

export const httpResponseOf = (recorded: RecordedResponse): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(recorded.body, {
    status: recorded.status,
    contentType: "application/json",
    headers: recorded.headers
  })
