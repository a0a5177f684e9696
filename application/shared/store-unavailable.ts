/**
 * The one infrastructure failure use cases are allowed to see: the backing store cannot be
 * reached right now. Adapters translate connection-level failures into it; the HTTP adapter
 * answers 503 `service_unavailable` with Retry-After. Every other store failure is a defect.
 */
import { Schema } from "effect"

export class StoreUnavailable extends Schema.TaggedError<StoreUnavailable>()("StoreUnavailable", {
  reason: Schema.String
}) {}
