/** Resolves `x-publishable-api-key` to the key's shops through the catalog read model. */
import { Effect, Layer, Redacted } from "effect"
import { CatalogService } from "../../../application/catalog/catalog-service.ts"
import { PublishableKeyMiddleware } from "../api/publishable-key-middleware.ts"
import { StoreScope } from "../api/store-scope.ts"
import { PublishableKeyRejected, PublishableKeyRequired } from "../problems/request-problems.ts"

export const layer = Layer.effect(
  PublishableKeyMiddleware,
  Effect.gen(function*() {
    const catalog = yield* CatalogService
    return {
      publishableKey: (httpEffect, { credential }) => {
        const key = Redacted.value(credential).trim()
        if (key === "") {
          return Effect.fail(new PublishableKeyRequired({ detail: "Send the x-publishable-api-key header" }))
        }
        return catalog.resolvePublishableKey(key).pipe(
          Effect.catchTag("PublishableKeyInvalid", () =>
            Effect.fail(new PublishableKeyRejected({ detail: "The publishable key is unknown or revoked" }))),
          Effect.flatMap((scope) => Effect.provideService(httpEffect, StoreScope, scope))
        )
      }
    }
  })
)
