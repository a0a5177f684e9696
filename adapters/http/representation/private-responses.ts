/**
 * `Cache-Control: no-store` on every response about a customer or a cart: anything under
 * /v1/store/customers, /cart, /orders and /auth, problems included (a 401 or 404 of those is no
 * more shareable than their successes). Applied to the final response of the route, whatever
 * produced it.
 */
import { Effect } from "effect"
import { HttpEffect, HttpRouter, type HttpServerRequest, HttpServerResponse } from "effect/http"

const PRIVATE_PATH = /^\/v1\/store\/(?:customers|cart|orders|auth)(?:[/?#]|$)/

export const isPrivatePath = (url: string): boolean => PRIVATE_PATH.test(url)

const markPrivate = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse
) => Effect.succeed(isPrivatePath(request.url) ? HttpServerResponse.setHeader(response, "cache-control", "no-store") : response)

export const layer = HttpRouter.middleware((httpEffect) =>
  Effect.andThen(HttpEffect.appendPreResponseHandler(markPrivate), httpEffect), { global: true })
