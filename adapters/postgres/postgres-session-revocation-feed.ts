/**
 * The session revocations of every instance, from PostgreSQL LISTEN/NOTIFY: the session
 * repository announces each revocation on SESSION_REVOCATION_CHANNEL inside the transaction
 * that makes it, so it is delivered when (and only if) that transaction commits. Payloads are
 * `s:<sessionId>` or `c:<customerId>` (every session of the customer). The subscription holds
 * one pooled connection for as long as it lasts.
 */
import { listeningClient } from "./listen-client.ts"
import { Effect, Option, Queue } from "effect"
import { CustomerId, SessionId } from "../../domain/shared/ids.ts"
import type { SessionRevocation, SessionRevocationFeed } from "../caching/caching-session-repository.ts"

export const SESSION_REVOCATION_CHANNEL = "storefront_session_revoked"

export const sessionRevocationPayload = (revocation: SessionRevocation): string =>
  revocation._tag === "Session" ? `s:${revocation.sessionId}` : `c:${revocation.customerId}`

/** A payload this service did not write (an unknown prefix, an empty id) is no revocation. */
const parsePayload = (payload: string): SessionRevocation | undefined => {
  const id = payload.slice(2)
  if (payload.startsWith("s:")) {
    return Option.getOrUndefined(Option.map(SessionId.makeOption(id), (sessionId) => ({ _tag: "Session", sessionId })))
  }
  if (payload.startsWith("c:")) {
    return Option.getOrUndefined(Option.map(CustomerId.makeOption(id), (customerId) => ({ _tag: "Customer", customerId })))
  }
  return undefined
}

export const makePostgresSessionRevocationFeed = Effect.gen(function*() {
  const pg = yield* listeningClient
  const feed: SessionRevocationFeed = {
    subscribe: Effect.gen(function*() {
      const notifications = yield* pg.listen(SESSION_REVOCATION_CHANNEL)
      const revocations = yield* Queue.unbounded<SessionRevocation, unknown>()
      yield* Effect.forkScoped(
        Effect.forever(Effect.flatMap(Queue.take(notifications), (notification) => {
          const revocation = parsePayload(notification.payload)
          return revocation === undefined ? Effect.void : Queue.offer(revocations, revocation)
        })).pipe(Effect.catchCause((cause) => Queue.failCause(revocations, cause)))
      )
      return revocations
    })
  }
  return feed
})
