/**
 * LISTEN on a session of its own, outside the multiplexed pool. A listener holds its session for
 * as long as it listens; taken from the pool (`reserve`), it pins a connection that concurrent
 * statements may already be pipelined on, and at start-up, with the catalog loading while the
 * session-revocation and outbox listeners subscribe, the service could hang before it was ready
 * (about one start in two on a 10,000-product catalog). With this client each `listen` opens a
 * connection of its own and the pool only ever serves statements and transactions.
 *
 * Optional: where it is not provided (the tests' stores on one pooled client) the adapters
 * listen through the pooled client as before.
 */
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Option } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"

export class ListenClient extends Context.Service<ListenClient, PgClient.PgClient>()("storefront/ListenClient") {
  /** A client whose every `listen` opens its own connection with these settings. */
  static readonly layer = (options: PgClient.PgPoolConfig) =>
    Layer.effect(ListenClient, PgClient.makeClient({ ...options, acquireForStream: true })).pipe(
      Layer.provide(Reactivity.layer)
    )
}

/** The client to LISTEN through: the dedicated one when provided, else the pooled one. */
export const listeningClient = Effect.gen(function*() {
  const dedicated = yield* Effect.serviceOption(ListenClient)
  return Option.isSome(dedicated) ? dedicated.value : yield* PgClient.PgClient
})
