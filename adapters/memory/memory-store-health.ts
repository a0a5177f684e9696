/** StoreHealth for in-memory adapters: always answers (a switch lets tests simulate an outage). */
import { Effect, Layer, Ref } from "effect"
import { StoreHealth } from "../../application/shared/store-health.ts"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"

export const layerTest = (available: Ref.Ref<boolean>) =>
  Layer.succeed(StoreHealth, {
    ping: Effect.flatMap(Ref.get(available), (up) =>
      up ? Effect.void : Effect.fail(new StoreUnavailable({ reason: "simulated outage" })))
  })

export const layer = Layer.unwrap(Effect.map(Ref.make(true), layerTest))
