/**
 * SmsGateway for any SMS service behind a small bridge: SMS_WEBHOOK_URL receives a JSON
 * `{id, to, text, purpose}` (the Bangla text as Unicode, UTF-8), signed as a Standard Webhook
 * with WEBHOOK_SECRET; `webhook-id` is the message's id, the same on every retry. 2xx is sent.
 */
import { Clock, Effect, Layer, type Redacted } from "effect"
import { SmsGateway } from "../../application/notifications/sms-gateway.ts"
import { postSigned } from "../webhook/standard-webhooks.ts"

export interface SmsWebhookOptions {
  readonly url: string
  readonly key: Redacted.Redacted<Uint8Array>
  readonly timeoutMillis?: number
}

export const layer = (options: SmsWebhookOptions) =>
  Layer.succeed(SmsGateway, SmsGateway.of({
    send: (message) =>
      Effect.gen(function*() {
        const id = `sms_${message.id}`
        const body = JSON.stringify({ id, to: message.to, text: message.text, purpose: message.purpose })
        const now = new Date(yield* Clock.currentTimeMillis)
        yield* postSigned(options.url, options.key, id, body, now, options.timeoutMillis ?? 10_000, "SMS webhook")
      })
  }))
