/**
 * The NOTIFICATIONS_FILE mirror (docs/contract/accounts.md): each committed notification appended as one
 * JSON line `{channel, to, purpose, code?, link?, token?, createdAt}`, for local development and
 * black-box tests. Appends are serialised so lines never interleave; a failed append is logged
 * and does not fail the request (the outbox row is the record of truth).
 *
 * The demo (the embedded database) also logs each one whose channel has no gateway configured,
 * so a newcomer finds codes and reset links in the console: never on a real deployment, since a
 * code in a log is a credential in a log.
 */
import { appendFile } from "node:fs/promises"
import { Effect, Option, Semaphore } from "effect"
import type { Notification } from "../../domain/auth/notification.ts"
import type { VerificationChannel } from "../../domain/auth/verification.ts"

export type NotificationMirror = (notification: Notification) => Effect.Effect<void>

export const notificationLine = (notification: Notification): string =>
  JSON.stringify({
    channel: notification.channel,
    to: notification.to,
    purpose: notification.purpose,
    ...(notification.code === undefined ? {} : { code: notification.code }),
    ...(notification.link === undefined ? {} : { link: notification.link }),
    ...(notification.token === undefined ? {} : { token: notification.token }),
    createdAt: notification.createdAt.toISOString()
  }) + "\n"

/** What the console shows of a notification: who it is for and the code or link. */
export const notificationConsoleMessage = (notification: Notification): string => {
  const what = notification.code !== undefined ? `code ${notification.code}` : `link ${notification.link ?? ""}`
  return `${notification.channel === "sms" ? "SMS" : "Email"} to ${notification.to} (${notification.purpose}): ${what}`
}

/** Appends to `file` when set, and logs the notification when its channel is in `consoleChannels` (the demo). */
export const makeNotificationMirror = (
  file: Option.Option<string>,
  consoleChannels: ReadonlyArray<VerificationChannel> = []
): Effect.Effect<NotificationMirror> =>
  Effect.map(Semaphore.make(1), (lock) => (notification: Notification) => {
    const toFile = Option.match(file, {
      onNone: () => Effect.void,
      onSome: (path) =>
        lock.withPermits(1)(Effect.tryPromise(() => appendFile(path, notificationLine(notification), "utf8"))).pipe(
          Effect.catch((error) => Effect.logWarning("could not append to NOTIFICATIONS_FILE", error))
        )
    })
    return consoleChannels.includes(notification.channel)
      ? Effect.andThen(Effect.logInfo(`demo notification, not delivered: ${notificationConsoleMessage(notification)}`), toFile)
      : toFile
  })
