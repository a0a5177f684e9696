/**
 * The language of the request being served (from its Accept-Language, set by the HTTP edge),
 * stored with every notification the request writes. English outside a request.
 */
import { Context } from "effect"
import { DEFAULT_MESSAGE_LOCALE, type MessageLocale } from "../../domain/notification/message-locale.ts"

export const RequestLocale = Context.Reference<MessageLocale>("storefront/RequestLocale", {
  defaultValue: () => DEFAULT_MESSAGE_LOCALE
})
