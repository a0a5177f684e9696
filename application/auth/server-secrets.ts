/**
 * Port: secrets the service makes for itself once and then shares between every instance and
 * across restarts (the access-token signing key when JWT_PRIVATE_KEY is unset, the key of the
 * token hasher). The first instance to ask creates the value; every later call, from any
 * instance, gets that same value. Adapters: adapters/postgres/postgres-server-secrets.ts,
 * adapters/memory/memory-server-secrets.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class ServerSecrets extends Context.Service<ServerSecrets, {
  /** The stored value of `name`; when there is none yet, `create`'s value, stored first-writer-wins. */
  readonly getOrCreate: (name: string, create: Effect.Effect<string>) => Effect.Effect<string, StoreUnavailable>
}>()("storefront/ServerSecrets") {}
