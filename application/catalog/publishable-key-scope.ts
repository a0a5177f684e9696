/**
 * Use case: resolve a publishable key to the shops it scopes (every /v1/store request).
 * Keys come from the read model, so revocations written anywhere are seen within one poll.
 */
import { Clock, Effect } from "effect"
import { PublishableKeyInvalid } from "../../domain/catalog/errors/publishable-key-invalid.ts"
import { isKeyActive } from "../../domain/catalog/shop.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export interface KeyScope {
  readonly key: string
  readonly shopIds: ReadonlyArray<ShopId>
}

export const resolvePublishableKey = (readModel: CatalogReadModel["Service"], key: string) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const record = readModel.state().publishableKeys.get(key)
    if (record === undefined || !isKeyActive(record, new Date(now))) return yield* new PublishableKeyInvalid()
    return { key: record.key, shopIds: record.shopIds } satisfies KeyScope
  })
