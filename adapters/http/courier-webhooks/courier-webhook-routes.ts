/**
 * Where couriers call the service (docs/contract/couriers.md, docs/fulfilment.md "Webhooks"), beside the API
 * (no publishable key: couriers do not send one): `POST /couriers/steadfast/webhook` and
 * `POST /couriers/pathao/webhook`. Without
 * CourierWebhookSecrets (a composition that configures no courier) every call is 401.
 */
import { Effect, Layer, Option } from "effect"
import { HttpRouter } from "effect/http"
import { FulfilmentService } from "../../../application/fulfilment/fulfilment-service.ts"
import { pathaoWebhook } from "./pathao-webhook.ts"
import { steadfastWebhook } from "./steadfast-webhook.ts"
import { CourierWebhookSecrets } from "./webhook-request.ts"

export const COURIER_WEBHOOK_ROUTES = [
  ["POST", "/couriers/steadfast/webhook"],
  ["POST", "/couriers/pathao/webhook"]
] as const

export const layer = Layer.unwrap(Effect.gen(function*() {
  const fulfilment = yield* FulfilmentService
  const secrets = Option.getOrElse(
    yield* Effect.serviceOption(CourierWebhookSecrets),
    () => CourierWebhookSecrets.of({ steadfastToken: Option.none(), pathaoSecret: Option.none() })
  )
  return Layer.mergeAll(
    HttpRouter.add("POST", "/couriers/steadfast/webhook", steadfastWebhook(fulfilment, secrets)),
    HttpRouter.add("POST", "/couriers/pathao/webhook", pathaoWebhook(fulfilment, secrets))
  )
}))
