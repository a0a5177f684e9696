/**
 * What the couriers' webhook routes share (docs/fulfilment.md "Webhooks"): the secrets they
 * verify callers by (Redacted; unset: every call is 401), a timing-safe comparison, the JSON body
 * read once (malformed JSON, a body that is not an object, NUL or lone surrogates: 400), and the
 * answer to a report (a database outage: 503 with Retry-After, so the courier retries).
 */
import { timingSafeEqual } from "node:crypto"
import { Context, Effect, Option, type Redacted } from "effect"
import { HttpServerRequest, type HttpServerResponse } from "effect/http"
import { malformedJsonStrings } from "../request/well-formed-text.ts"
import { BadRequest, problemResponse, ServiceUnavailable, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "../problems/generic-problems.ts"

export class CourierWebhookSecrets extends Context.Service<CourierWebhookSecrets, {
  /** STEADFAST_WEBHOOK_TOKEN: the bearer token Steadfast sends. */
  readonly steadfastToken: Option.Option<Redacted.Redacted>
  /** PATHAO_WEBHOOK_SECRET: what Pathao sends as X-PATHAO-Signature. */
  readonly pathaoSecret: Option.Option<Redacted.Redacted>
}>()("storefront/CourierWebhookSecrets") {}

export const Unauthorized = { status: 401, code: "unauthorized", title: "Unauthorized" }

/** Whether `given` is the secret, compared in constant time. */
export const sameSecret = (given: string | undefined, secret: string): boolean => {
  if (given === undefined) return false
  const left = Buffer.from(given)
  const right = Buffer.from(secret)
  return left.length === right.length && timingSafeEqual(left, right)
}

export const unauthorized = (detail: string) => problemResponse(Unauthorized, { detail })

const badBody = (detail: string) => problemResponse(BadRequest, { detail })

/** The body as a JSON object, or the 400 that answers it. */
export const jsonObjectBody: Effect.Effect<
  { readonly _tag: "Body"; readonly body: Record<string, unknown> } | { readonly _tag: "Refused"; readonly response: HttpServerResponse.HttpServerResponse },
  never,
  HttpServerRequest.HttpServerRequest
> = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const text = yield* Effect.orElseSucceed(request.text, () => null)
  if (text === null) return { _tag: "Refused", response: badBody("The body could not be read") } as const
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { _tag: "Refused", response: problemResponse({ status: 400, code: "invalid_json", title: "Malformed JSON body" }) } as const
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { _tag: "Refused", response: badBody("Expected a JSON object") } as const
  }
  const problems = malformedJsonStrings(text, parsed)
  if (problems.length > 0) {
    return { _tag: "Refused", response: problemResponse(BadRequest, { detail: "The body has malformed text", extensions: { errors: problems } }) } as const
  }
  return { _tag: "Body", body: parsed as Record<string, unknown> } as const
})

/** 503 with Retry-After: the courier sends the event again later. */
export const storeUnavailable = () =>
  problemResponse(ServiceUnavailable, { headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) } })
