/**
 * Notifier for the in-memory adapters: the outbox is a list (readable by tests through `sent`
 * and `orderConfirmations`), and the NOTIFICATIONS_FILE mirror is written at once (memory units
 * of work have no commit to wait for; use cases send only after every check of the unit has
 * passed). Nothing delivers it: the relay runs on the SQL adapter.
 */
import { Effect, Layer, Option } from "effect"
import { Notifier, type OrderConfirmationMessage, type ParcelMessage } from "../../application/auth/notifier.ts"
import type { Notification } from "../../domain/auth/notification.ts"
import { makeNotificationMirror } from "../file/notification-file.ts"

export const makeMemoryNotificationOutbox = (notificationsFile: Option.Option<string> = Option.none()) =>
  Effect.gen(function*() {
    const mirror = yield* makeNotificationMirror(notificationsFile)
    const outbox: Array<Notification> = []
    const confirmations: Array<OrderConfirmationMessage> = []
    const parcels: Array<ParcelMessage> = []
    return {
      sent: (): ReadonlyArray<Notification> => outbox,
      orderConfirmations: (): ReadonlyArray<OrderConfirmationMessage> => confirmations,
      parcelMessages: (): ReadonlyArray<ParcelMessage> => parcels,
      notifier: Notifier.of({
        send: (notification) =>
          Effect.andThen(Effect.sync(() => outbox.push(notification)), mirror(notification)),
        confirmOrder: (message) => Effect.sync(() => void confirmations.push(message)),
        tellParcel: (message) => Effect.sync(() => void parcels.push(message))
      })
    }
  })

export const layer = (notificationsFile: Option.Option<string> = Option.none()) =>
  Layer.effect(Notifier, Effect.map(makeMemoryNotificationOutbox(notificationsFile), (outbox) => outbox.notifier))
