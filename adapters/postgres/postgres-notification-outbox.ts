/**
 * Notifier over the `notification_outbox` table: the row is inserted in the caller's
 * transaction (so it exists exactly when the state that needs it commits) with the request's
 * language; once the transaction has committed, the relay of this process is woken and, when
 * NOTIFICATIONS_FILE is set, codes and links are mirrored to that file (and to the log for the
 * channels in `consoleChannels`: the demo's, where no gateway delivers).
 */
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { Notifier } from "../../application/auth/notifier.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { RequestLocale } from "../../application/notifications/request-locale.ts"
import type { VerificationChannel } from "../../domain/auth/verification.ts"
import { makeNotificationMirror } from "../file/notification-file.ts"
import { orStoreUnavailable } from "./store-errors.ts"

export const layer = (
  notificationsFile: Option.Option<string> = Option.none(),
  consoleChannels: ReadonlyArray<VerificationChannel> = []
) =>
  Layer.effect(
    Notifier,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const mirror = yield* makeNotificationMirror(notificationsFile, consoleChannels)
      const wake = Option.match(yield* Effect.serviceOption(OutboxWake), {
        onNone: () => Effect.void,
        onSome: (outboxWake) => outboxWake.signal
      })
      return Notifier.of({
        send: (notification) =>
          Effect.gen(function*() {
            const locale = yield* RequestLocale
            yield* orStoreUnavailable(sql`
              INSERT INTO notification_outbox (channel, recipient, purpose, code, link, token, created_at, locale)
              VALUES (${notification.channel}, ${notification.to}, ${notification.purpose},
                ${notification.code ?? null}, ${notification.link ?? null}, ${notification.token ?? null},
                ${notification.createdAt}, ${locale})`)
            yield* sql.afterCommit(Effect.andThen(mirror(notification), wake))
          }),
        confirmOrder: (message) =>
          Effect.gen(function*() {
            const locale = yield* RequestLocale
            yield* orStoreUnavailable(sql`
              INSERT INTO notification_outbox (channel, recipient, purpose, created_at, locale, content)
              VALUES (${message.channel}, ${message.to}, 'order_confirmation', ${message.createdAt}, ${locale},
                ${JSON.stringify(message.order)}::jsonb)`)
            yield* sql.afterCommit(wake)
          }),
        tellParcel: (message) =>
          Effect.gen(function*() {
            yield* orStoreUnavailable(sql`
              INSERT INTO notification_outbox (channel, recipient, purpose, created_at, locale, content)
              VALUES ('sms', ${message.to}, ${message.purpose}, ${message.createdAt}, ${message.locale},
                ${JSON.stringify(message.parcel)}::jsonb)`)
            yield* sql.afterCommit(wake)
          })
      })
    })
  )
