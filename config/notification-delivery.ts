/**
 * Delivery, composed: the gateways configured (SMTP for email; SSL Wireless or the SMS webhook
 * for SMS; the back-office webhook endpoints), a supervised relay per outbox, the LISTEN that
 * wakes them when another instance writes (PostgreSQL), and the backlog for /ready and /metrics.
 * A channel with no gateway is not relayed: its messages stay pending (the demo prints them, a
 * PostgreSQL deployment says so once at start).
 */
import { Effect, Layer, Option, Redacted } from "effect"
import * as SmtpMailSender from "../adapters/email/smtp-mail-sender.ts"
import {
  listenForOutboxWrites,
  makeNotificationQueue,
  makeWebhookQueue
} from "../adapters/postgres/postgres-delivery-queues.ts"
import * as SslWirelessSmsGateway from "../adapters/sms/ssl-wireless-sms-gateway.ts"
import * as WebhookSmsGateway from "../adapters/sms/webhook-sms-gateway.ts"
import { parseWebhookSecret, postSigned } from "../adapters/webhook/standard-webhooks.ts"
import { MailSender } from "../application/notifications/mail-sender.ts"
import { OutboxBacklog } from "../application/notifications/outbox-backlog.ts"
import { defaultRelaySettings, type RelaySettings, relayLoop } from "../application/notifications/outbox-relay.ts"
import { OutboxWake } from "../application/notifications/outbox-wake.ts"
import { SmsGateway } from "../application/notifications/sms-gateway.ts"
import { BackgroundLoops } from "../application/shared/background-loops.ts"
import type { VerificationChannel } from "../domain/auth/verification.ts"
import { renderEmail, renderSms } from "../domain/notification/message-templates.ts"
import { type DeliveryConfig, missingSetting, smsSetting } from "./delivery-config.ts"

export class DeliveryConfigError extends Error {}

const stop = (message: string) => Effect.die(new DeliveryConfigError(message))

/** The channels with a gateway configured (or why the configuration is incomplete). */
export const deliveredChannels = (config: DeliveryConfig): ReadonlyArray<VerificationChannel> => {
  const sms = smsSetting(config)
  return [
    ...(Option.isSome(config.smtpUrl) ? ["email" as const] : []),
    ...(Option.isOption(sms) && Option.isSome(sms) ? ["sms" as const] : [])
  ]
}

/** The channels without a gateway. */
export const undeliveredChannels = (config: DeliveryConfig): ReadonlyArray<VerificationChannel> =>
  (["email", "sms"] as const).filter((channel) => !deliveredChannels(config).includes(channel))

export const webhookKey = (config: DeliveryConfig) =>
  Option.map(config.webhookSecret, (secret) => {
    const key = parseWebhookSecret(Redacted.value(secret))
    // validated when read (delivery-config.ts)
    if ("error" in key) throw new DeliveryConfigError(`WEBHOOK_SECRET: ${key.error}`)
    return Redacted.make(key)
  })

const relaySettings = (config: DeliveryConfig): RelaySettings => ({
  ...defaultRelaySettings({
    maxAttempts: config.maxAttempts,
    firstDelayMillis: config.retryFirstMillis,
    maxDelayMillis: config.retryMaxMillis
  }),
  pollMillis: config.relayPollMillis,
  leaseMillis: config.relayLeaseMillis,
  deliveryTimeoutMillis: config.gatewayTimeoutMillis
})

const gateways = (config: DeliveryConfig) =>
  Layer.unwrap(Effect.gen(function*() {
    const sms = smsSetting(config)
    if (!Option.isOption(sms)) return yield* stop(sms.error)
    const key = webhookKey(config)
    const mail = Option.match(config.smtpUrl, {
      onNone: () => Layer.empty,
      onSome: (url) => SmtpMailSender.layer({ url, from: config.mailFrom })
    })
    const smsLayer = Option.match(sms, {
      onNone: () => Layer.empty,
      onSome: (setting) =>
        setting._tag === "SslWireless"
          ? SslWirelessSmsGateway.layer({ ...setting, timeoutMillis: config.gatewayTimeoutMillis })
          : WebhookSmsGateway.layer({
            url: setting.url,
            key: Option.getOrThrow(key),
            timeoutMillis: config.gatewayTimeoutMillis
          })
    })
    return Layer.mergeAll(mail, smsLayer)
  }))

/** The relays, the wake-up listener and the backlog; needs the SqlClient (and PgClient when `shared`). */
export const notificationDelivery = (config: DeliveryConfig, options: { readonly shared: boolean; readonly embedded: boolean }) =>
  Layer.effect(OutboxBacklog, Effect.gen(function*() {
    const missing = missingSetting(config)
    if (missing !== undefined) return yield* stop(missing)
    const loops = yield* BackgroundLoops
    const wake = yield* OutboxWake
    const channels = deliveredChannels(config)
    const settings = relaySettings(config)
    const notifications = yield* makeNotificationQueue(channels)
    const webhooks = yield* makeWebhookQueue
    const mail = yield* Effect.serviceOption(MailSender)
    const sms = yield* Effect.serviceOption(SmsGateway)

    const undelivered = undeliveredChannels(config)
    if (undelivered.length > 0 && !options.embedded) {
      yield* Effect.logWarning(
        `messages by ${undelivered.join(" and ")} are not delivered: no gateway is configured (${
          undelivered.map((channel) => channel === "email" ? "SMTP_URL" : "SSLWIRELESS_API_TOKEN or SMS_WEBHOOK_URL").join("; ")
        }); they wait in notification_outbox`
      )
    }
    if (channels.length > 0) {
      yield* loops.supervise("notification-relay", relayLoop({
        queue: notifications,
        channelOf: (message) => message.channel,
        deliver: (message) =>
          message.channel === "email"
            ? Effect.flatMap(Effect.fromOption(mail).pipe(Effect.orDie), (sender) =>
              sender.send({ id: message.id, to: message.to, ...renderEmail(message) }))
            : Effect.flatMap(Effect.fromOption(sms).pipe(Effect.orDie), (gateway) =>
              gateway.send({ id: message.id, to: message.to, text: renderSms(message), purpose: message.purpose }))
      }, settings, wake))
    }
    const key = webhookKey(config)
    if (config.webhookUrls.length > 0 && Option.isSome(key)) {
      yield* loops.supervise("webhook-relay", relayLoop({
        queue: webhooks,
        channelOf: () => "webhook",
        deliver: (delivery) =>
          Effect.flatMap(Effect.clockWith((clock) => Effect.succeed(new Date(clock.currentTimeMillisUnsafe()))), (now) =>
            postSigned(delivery.endpoint, key.value, delivery.eventId, delivery.body, now, config.gatewayTimeoutMillis, "webhook endpoint"))
      }, settings, wake))
    }
    if (options.shared) yield* loops.supervise("outbox-listener", ({ healthy }) => listenForOutboxWrites(wake.signal, healthy))
    return OutboxBacklog.of({
      backlog: Effect.all({ notifications: notifications.backlog, webhooks: webhooks.backlog })
    })
  })).pipe(Layer.provide(gateways(config)))
