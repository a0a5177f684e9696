/**
 * SmsGateway over SSL Wireless's ISMS HTTP API (v3, "send-sms"): POST `{base}/api/v3/send-sms`
 * with JSON `{api_token, sid, msisdn, sms, csms_id}`; the answer is JSON
 * `{status: "SUCCESS" | "FAILED", status_code, error_message, smsinfo: [...]}`. `msisdn` is the
 * number as 8801XXXXXXXXX; `sms` is UTF-8 (Bangla is sent as Unicode); `csms_id`, the client's
 * unique id of the message (kept to 20 characters), is the message's key, the same on every retry,
 * so a message the gateway took before a lost answer is refused as a duplicate, not sent twice:
 * that refusal counts as sent. Sources: the API as a published ISMS client and integration notes
 * call it (named in docs/notifications.md, "SMS gateways").
 *
 * HTTP 5xx, 408, 429, a timeout or no connection: retried. Another 4xx, or a FAILED answer
 * (bad token, sid or number): refused for good.
 */
import { Effect, Layer, Redacted, Schema } from "effect"
import { DeliveryFailed, shortReason } from "../../application/notifications/delivery-failed.ts"
import { SmsGateway } from "../../application/notifications/sms-gateway.ts"
import { failureOfStatus, postJson } from "../webhook/standard-webhooks.ts"

export const SSL_WIRELESS_DEFAULT_URL = "https://smsplus.sslwireless.com"

export interface SslWirelessOptions {
  readonly baseUrl: string
  readonly apiToken: Redacted.Redacted<string>
  readonly sid: string
  readonly timeoutMillis?: number
}

/** A Bangladeshi mobile number as the API takes it: 8801XXXXXXXXX (from 01…, +8801…, 8801…). */
export const toMsisdn = (phone: string): string => {
  const digits = phone.replace(/[^0-9]/g, "")
  if (digits.startsWith("880")) return digits
  if (digits.startsWith("0")) return `88${digits}`
  return digits
}

/** The client id of a message: unique, at most 20 characters (a precaution: the sources state no limit). */
export const csmsIdOf = (messageId: string): string => messageId.slice(-20)

const Answer = Schema.Struct({
  status: Schema.String,
  status_code: Schema.optionalKey(Schema.Union([Schema.Number, Schema.String])),
  error_message: Schema.optionalKey(Schema.NullOr(Schema.String))
})
const decodeAnswer = Schema.decodeUnknownOption(Schema.fromJsonString(Answer))

const DUPLICATE = /duplicate/i

export const layer = (options: SslWirelessOptions) =>
  Layer.succeed(SmsGateway, SmsGateway.of({
    send: (message) =>
      Effect.gen(function*() {
        const body = JSON.stringify({
          api_token: Redacted.value(options.apiToken),
          sid: options.sid,
          msisdn: toMsisdn(message.to),
          sms: message.text,
          csms_id: csmsIdOf(message.id)
        })
        const url = `${options.baseUrl.replace(/\/+$/, "")}/api/v3/send-sms`
        const headers = { "content-type": "application/json", accept: "application/json" }
        const response = yield* postJson(url, headers, body, options.timeoutMillis ?? 10_000, "SSL Wireless")
        const failure = failureOfStatus(response.status, "SSL Wireless")
        if (failure !== undefined) return yield* failure
        const answer = decodeAnswer(response.text)
        if (answer._tag === "None") {
          return yield* new DeliveryFailed({ permanent: false, reason: "SSL Wireless answered something other than its JSON" })
        }
        if (answer.value.status.toUpperCase() === "SUCCESS") return
        const error = answer.value.error_message ?? ""
        if (DUPLICATE.test(error)) return
        return yield* new DeliveryFailed({
          permanent: true,
          reason: shortReason(`SSL Wireless refused it: ${answer.value.status_code ?? ""} ${error}`.trim())
        })
      })
  }))
