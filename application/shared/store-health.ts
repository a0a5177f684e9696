/** Port: whether the backing store answers right now (GET /ready). */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "./store-unavailable.ts"

export class StoreHealth extends Context.Service<StoreHealth, {
  readonly ping: Effect.Effect<void, StoreUnavailable>
}>()("storefront/StoreHealth") {}
