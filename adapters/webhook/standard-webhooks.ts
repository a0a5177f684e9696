/**
 * Standard Webhooks (https://www.standardwebhooks.com, spec "Signature scheme"): a message is
 * POSTed with `webhook-id` (the same on every retry, so a receiver can drop repeats),
 * `webhook-timestamp` (seconds since the epoch, when this attempt was sent) and
 * `webhook-signature` = `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), where
 * the key is the base64 after `whsec_` in WEBHOOK_SECRET. Used for the back-office events and
 * the generic SMS webhook.
 */
import { createHmac } from "node:crypto"
import { Effect, Redacted } from "effect"
import { DeliveryFailed, shortReason } from "../../application/notifications/delivery-failed.ts"

const SECRET_PREFIX = "whsec_"
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** The signing key of a `whsec_…` secret, or why it is not one. */
export const parseWebhookSecret = (secret: string): Uint8Array | { readonly error: string } => {
  if (!secret.startsWith(SECRET_PREFIX)) return { error: "expected whsec_ followed by a base64 key" }
  const encoded = secret.slice(SECRET_PREFIX.length)
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return { error: "the key after whsec_ is not base64" }
  const key = Buffer.from(encoded, "base64")
  if (key.length < 16 || key.length > 64) return { error: "the key must be 16 to 64 bytes" }
  return key
}

export const signWebhook = (key: Uint8Array, id: string, timestampSeconds: number, body: string): string =>
  `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`

export const webhookHeaders = (key: Redacted.Redacted<Uint8Array>, id: string, now: Date, body: string) => {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(Redacted.value(key), id, timestamp, body)
  }
}

/** How an HTTP answer counts: 2xx delivered; 408, 429 and 5xx retried; any other status refused for good. */
export const failureOfStatus = (status: number, what: string): DeliveryFailed | undefined =>
  status >= 200 && status < 300
    ? undefined
    : new DeliveryFailed({
      permanent: status >= 400 && status < 500 && status !== 408 && status !== 429,
      reason: `${what} answered ${status}`
    })

/** A POST that fails with DeliveryFailed (not reached or timed out: retried), answering the response when it came. */
export const postJson = (url: string, headers: Record<string, string>, body: string, timeoutMillis: number, what: string) =>
  Effect.tryPromise({
    try: (signal) =>
      fetch(url, { method: "POST", headers, body, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMillis)]) })
        .then(async (response) => ({ status: response.status, text: await response.text() })),
    catch: (error) =>
      new DeliveryFailed({
        permanent: false,
        reason: shortReason(`${what} not reached: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "failed"}`)
      })
  })

/** POSTs a signed message: delivered on 2xx. */
export const postSigned = (
  url: string,
  key: Redacted.Redacted<Uint8Array>,
  id: string,
  body: string,
  now: Date,
  timeoutMillis: number,
  what: string
) =>
  Effect.flatMap(postJson(url, webhookHeaders(key, id, now, body), body, timeoutMillis, what), (response) => {
    const failure = failureOfStatus(response.status, what)
    return failure === undefined ? Effect.void : Effect.fail(failure)
  })
