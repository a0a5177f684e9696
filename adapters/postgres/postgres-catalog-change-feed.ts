/**
 * The CatalogChangeFeed from PostgreSQL LISTEN/NOTIFY: migration 0007's statement triggers
 * notify CATALOG_CHANGED_CHANNEL when a transaction that wrote the catalog commits. The
 * subscription holds one pooled connection for as long as it lasts.
 */
import { listeningClient } from "./listen-client.ts"
import { Effect, Layer, Queue } from "effect"
import { CatalogChangeFeed } from "../../application/catalog/catalog-change-feed.ts"

export const CATALOG_CHANGED_CHANNEL = "storefront_catalog_changed"

export const makePostgresCatalogChangeFeed = Effect.gen(function*() {
  const pg = yield* listeningClient
  return CatalogChangeFeed.of({
    subscribe: Effect.gen(function*() {
      const notifications = yield* pg.listen(CATALOG_CHANGED_CHANNEL)
      const changes = yield* Queue.sliding<void, unknown>(1)
      yield* Effect.forkScoped(
        Effect.forever(Effect.andThen(Queue.take(notifications), Queue.offer(changes, undefined))).pipe(
          Effect.catchCause((cause) => Queue.failCause(changes, cause))
        )
      )
      return changes
    })
  })
})

export const layer = Layer.effect(CatalogChangeFeed, makePostgresCatalogChangeFeed)
