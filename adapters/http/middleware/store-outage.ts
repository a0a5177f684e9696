/** StoreOutage only declares the 503: it has nothing to do to a request. */
import { Layer } from "effect"
import { StoreOutage } from "../api/store-outage.ts"

export const layer = Layer.succeed(StoreOutage, (httpEffect) => httpEffect)
