/**
 * Notifier over the `notification_outbox` table: the row is inserted in the caller's
 * transaction (so it exists exactly when the state that needs it commits) and, when
 * NOTIFICATIONS_FILE is set, mirrored to that file once the transaction has committed (and to
 * the log with `toConsole`, the demo's choice).
 */
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { Notifier } from "../../application/auth/notifier.ts"
import { makeNotificationMirror } from "../file/notification-file.ts"
import { orStoreUnavailable } from "./store-errors.ts"

export const postgresNotificationOutboxLayer = (notificationsFile: Option.Option<string> = Option.none(), toConsole = false) =>
  Layer.effect(
    Notifier,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const mirror = yield* makeNotificationMirror(notificationsFile, toConsole)
      return Notifier.of({
        send: (notification) =>
          Effect.andThen(
            orStoreUnavailable(sql`
              INSERT INTO notification_outbox (channel, recipient, purpose, code, link, token, created_at)
              VALUES (${notification.channel}, ${notification.to}, ${notification.purpose},
                ${notification.code ?? null}, ${notification.link ?? null}, ${notification.token ?? null},
                ${notification.createdAt})`),
            sql.afterCommit(mirror(notification))
          )
      })
    })
  )
