/**
 * Where the catalog read model publishes each consistent state: after its first load and after
 * every refresh (a batch of changes applied whole), never in the middle of one. The listing
 * workers (adapters/catalog-workers) take each published state as a new generation of the
 * shared index; without a publisher the read model runs as it always did.
 */
import { Context, type Effect } from "effect"
import type { CatalogState } from "./catalog-state.ts"

export class CatalogPublisher extends Context.Service<CatalogPublisher, {
  readonly publish: (state: CatalogState) => Effect.Effect<void>
}>()("storefront/CatalogPublisher") {}
