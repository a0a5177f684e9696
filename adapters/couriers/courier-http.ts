/**
 * What the courier adapters share: JSON from a courier's merchant API over HTTP within a time
 * limit, decoded by a schema. What goes wrong is the port's DeliveryFailed, naming the courier and
 * the step, never a credential: a 4xx the courier answers about the parcel itself (a bad phone, an
 * address it refuses) is permanent (a dead letter at once); unreachable, slow, 5xx, 401 (a token
 * to renew), 408 and 429 are worth retrying. Also the phone as Bangladeshi couriers take it.
 */
import { Duration, Effect, Schema } from "effect"
import type { HttpClient, HttpClientRequest } from "effect/http"
import { DeliveryFailed, shortReason } from "../../application/notifications/delivery-failed.ts"

const RETRYABLE = new Set([401, 408, 409, 423, 425, 429])

/** The answer's status and JSON (or `null` when it is not JSON), or DeliveryFailed when there was none. */
export const courierResponse = (
  client: HttpClient.HttpClient,
  courier: string,
  step: string,
  request: HttpClientRequest.HttpClientRequest,
  timeout: Duration.Input
): Effect.Effect<{ readonly status: number; readonly json: unknown; readonly text: string }, DeliveryFailed> =>
  client.execute(request).pipe(
    Effect.flatMap((response) =>
      Effect.map(response.text, (text) => {
        let json: unknown = null
        try {
          json = JSON.parse(text)
        } catch {
          json = null
        }
        return { status: response.status, json, text }
      })
    ),
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () =>
        Effect.fail(new DeliveryFailed({ permanent: false, reason: `${courier} ${step}: no answer within ${Duration.format(Duration.fromInputUnsafe(timeout))}` }))
    }),
    Effect.mapError((error: unknown) =>
      error instanceof DeliveryFailed ? error : new DeliveryFailed({ permanent: false, reason: `${courier} ${step}: unreachable` })
    )
  )

/** A non-2xx answer as DeliveryFailed: permanent for a 4xx about the parcel, else retried. */
export const failedAnswer = (courier: string, step: string, answer: { readonly status: number; readonly text: string }) =>
  new DeliveryFailed({
    permanent: answer.status >= 400 && answer.status < 500 && !RETRYABLE.has(answer.status),
    reason: shortReason(`${courier} ${step}: HTTP ${answer.status} ${answer.text.replace(/\s+/g, " ").slice(0, 200)}`)
  })

/** Decodes a 2xx answer's JSON, or fails (retried: an answer we cannot read may be a courier's outage page). */
export const decodeAnswer = <S extends Schema.Top & { readonly DecodingServices: never }>(
  courier: string,
  step: string,
  schema: S,
  answer: { readonly status: number; readonly json: unknown; readonly text: string }
): Effect.Effect<S["Type"], DeliveryFailed> =>
  answer.status < 200 || answer.status >= 300
    ? Effect.fail(failedAnswer(courier, step, answer))
    : Schema.decodeUnknownEffect(schema)(answer.json).pipe(
      Effect.mapError(() => new DeliveryFailed({ permanent: false, reason: `${courier} ${step}: an answer that does not read as documented` }))
    ) as Effect.Effect<S["Type"], DeliveryFailed>

/**
 * A Bangladeshi mobile number in the local 11-digit form couriers require (`01711000000`), from
 * what a customer typed (`+880 1711-000000`, `8801711000000`, `01711 000000`); `null` when it is
 * not one.
 */
export const localMobileNumber = (phone: string): string | null => {
  const digits = phone.replace(/[\s()+.-]/g, "")
  if (!/^\d+$/.test(digits)) return null
  const local = digits.startsWith("880") ? `0${digits.slice(3)}` : digits.startsWith("00880") ? `0${digits.slice(5)}` : digits
  return /^01[3-9]\d{8}$/.test(local) ? local : null
}

/** The address as one line (house, road, thana, district, city, postcode), at most `max` characters. */
export const addressLine = (address: {
  readonly house: string
  readonly road: string
  readonly thana: string
  readonly district: string
  readonly city: string
  readonly postcode: string
}, max: number): string => {
  const parts = [address.house, address.road, address.thana, address.district, address.city, address.postcode]
    .map((part) => part.trim())
    .filter((part, index, all) => part !== "" && all.indexOf(part) === index)
  const line = parts.join(", ")
  return line.length > max ? line.slice(0, max) : line
}
