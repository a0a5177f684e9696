/**
 * MailSender over SMTP with nodemailer: SMTP_URL (`smtp://` upgrades with STARTTLS when the
 * server offers it, `smtps://` is TLS from the start; user and password in the URL; nodemailer's
 * URL options such as `?requireTLS=true` apply), a pool of connections, MAIL_FROM as sender. A
 * message counts as sent when the server accepted it. A 5xx answer to the message or its
 * recipient is permanent; everything else (no connection, a timeout, 4xx, a refused login) is
 * retried. The Message-ID carries the outbox id, so a message delivered twice after a crash can
 * be told as one.
 */
import { Effect, Layer, Redacted } from "effect"
import nodemailer from "nodemailer"
import { DeliveryFailed, shortReason } from "../../application/notifications/delivery-failed.ts"
import { MailSender } from "../../application/notifications/mail-sender.ts"

export interface SmtpOptions {
  readonly url: Redacted.Redacted<string>
  readonly from: string
  /** Connections kept open to the server. */
  readonly maxConnections?: number
}

interface SmtpError {
  readonly code?: string
  readonly responseCode?: number
  readonly response?: string
}

const PERMANENT_COMMANDS = new Set(["EENVELOPE", "EMESSAGE"])

export const classifySmtpError = (error: unknown): DeliveryFailed => {
  const smtp = (typeof error === "object" && error !== null ? error : {}) as SmtpError
  const status = smtp.responseCode
  const permanent = status !== undefined && status >= 500 && status < 600 && PERMANENT_COMMANDS.has(smtp.code ?? "")
  const what = [smtp.code, status, smtp.response ?? (error instanceof Error ? error.message : undefined)]
    .filter((part) => part !== undefined).join(" ")
  return new DeliveryFailed({ permanent, reason: shortReason(`SMTP: ${what || "failed"}`) })
}

export const layer = (options: SmtpOptions) =>
  Layer.effect(
    MailSender,
    Effect.gen(function*() {
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() =>
          nodemailer.createTransport({
            url: Redacted.value(options.url),
            pool: true,
            maxConnections: options.maxConnections ?? 5,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 20_000
          } as never)
        ),
        (transport) => Effect.sync(() => transport.close())
      )
      return MailSender.of({
        send: (message) =>
          Effect.tryPromise({
            try: () =>
              transport.sendMail({
                from: options.from,
                to: message.to,
                subject: message.subject,
                text: message.text,
                html: message.html,
                messageId: `<notification-${message.id}@storefront>`
              }),
            catch: classifySmtpError
          }).pipe(Effect.asVoid)
      })
    })
  )
