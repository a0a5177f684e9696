/**
 * Port: the mail server. `send` ends when the server accepted the message.
 * Adapter: adapters/email/smtp-mail-sender.ts (nodemailer over SMTP).
 */
import { Context, type Effect } from "effect"
import type { RenderedEmail } from "../../domain/notification/message-templates.ts"
import type { DeliveryFailed } from "./delivery-failed.ts"

export interface MailMessage extends RenderedEmail {
  readonly id: string
  readonly to: string
}

export class MailSender extends Context.Service<MailSender, {
  readonly send: (message: MailMessage) => Effect.Effect<void, DeliveryFailed>
}>()("storefront/MailSender") {}
