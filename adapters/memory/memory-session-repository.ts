/** SessionRepository in a map (tests, library users); lookups by token hash scan the sessions. */
import { Effect, Layer, Option } from "effect"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { revokeSession, type Session, sessionKnowsToken } from "../../domain/auth/session.ts"
import { insertNew } from "./memory-records.ts"

export const makeMemorySessionRepository = () => {
  const sessions = new Map<string, Session>()
  const findByTokenHash = (tokenHash: string) =>
    Effect.sync(() => {
      for (const session of sessions.values()) if (sessionKnowsToken(session, tokenHash)) return Option.some(session)
      return Option.none<Session>()
    })
  return SessionRepository.of({
    insert: (session) => insertNew(sessions, "session", session),
    findById: (id) => Effect.sync(() => Option.fromNullishOr(sessions.get(id))),
    findByTokenHashForUpdate: findByTokenHash,
    update: (session) =>
      Effect.suspend(() => {
        const stored = sessions.get(session.id)
        if (stored === undefined) return Effect.die(new Error(`session ${session.id} does not exist`))
        // rotated hashes are append-only, as in the SQL adapter
        const rotated = [...new Set([...stored.rotatedTokenHashes, ...session.rotatedTokenHashes])]
        sessions.set(session.id, { ...session, rotatedTokenHashes: rotated })
        return Effect.void
      }),
    revokeAllOfCustomer: (customerId, now, openedBy) =>
      Effect.sync(() => {
        for (const session of sessions.values()) {
          if (session.customerId === customerId && (openedBy === undefined || openedBy.includes(session.openedBy))) {
            sessions.set(session.id, revokeSession(session, now))
          }
        }
      })
  })
}

export const layer = Layer.sync(SessionRepository, makeMemorySessionRepository)
