/**
 * The language of the messages a request causes (codes, reset links, order confirmations):
 * English or Bangla from its Accept-Language, provided to the use cases as RequestLocale and
 * stored with each notification.
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { RequestLocale } from "../../../application/notifications/request-locale.ts"
import { localeFromAcceptLanguage } from "../../../domain/notification/message-locale.ts"

export const layer = HttpRouter.middleware((httpEffect) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.provideService(httpEffect, RequestLocale, localeFromAcceptLanguage(request.headers["accept-language"]))
  ), { global: true })
