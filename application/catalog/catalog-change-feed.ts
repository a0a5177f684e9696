/**
 * Port: a push of "the catalog changed" from the store, so the read model refreshes at once
 * instead of at its next poll (other instances' imports, stock taken by their checkouts, keys
 * revoked). Optional: without it (the embedded database, memory) the poll alone follows the store.
 * Adapter: adapters/postgres/postgres-catalog-change-feed.ts (LISTEN/NOTIFY).
 */
import { Context, type Effect, type Queue, type Scope } from "effect"

export class CatalogChangeFeed extends Context.Service<CatalogChangeFeed, {
  /** Subscribes; the queue yields once per committed change from then on, and fails when the feed breaks. */
  readonly subscribe: Effect.Effect<Queue.Dequeue<void, unknown>, unknown, Scope.Scope>
}>()("storefront/CatalogChangeFeed") {}
