/**
 * SessionRepository over `sessions` and `session_refresh_tokens` (every refresh-token hash a
 * session handed out, so a rotated-out token still finds its session: reuse detection). A
 * refresh locks the session row; the hashes are read after the lock is granted, so a refresh
 * that waited behind a concurrent one sees its token as rotated. Every revocation is announced
 * on the session revocation channel in the same transaction (postgres-session-revocation-feed.ts),
 * so other instances drop the session from their caches when it commits.
 */
import { type Array as Arr, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { Session } from "../../domain/auth/session.ts"
import { SessionId } from "../../domain/shared/ids.ts"
import { SESSION_REVOCATION_CHANNEL, sessionRevocationPayload } from "./postgres-session-revocation-feed.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

const SessionIdRow = Schema.Struct({ id: SessionId })

export const layer = Layer.effect(
  SessionRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const findById = findOne({
      Request: SessionId,
      Result: Session,
      execute: (id) =>
        sql`
        SELECT s.id, s.customer_id, s.opened_by, s.created_at, s.last_used_at, s.revoked_at, s.current_token_hash, s.generation,
          array(
            SELECT t.token_hash FROM session_refresh_tokens t
            WHERE t.session_id = s.id AND t.token_hash <> s.current_token_hash
            ORDER BY t.issued_at, t.token_hash
          ) AS rotated_token_hashes
        FROM sessions s WHERE s.id = ${id}`
    })

    const lockByTokenHash = findOne({
      Request: Schema.String,
      Result: SessionIdRow,
      execute: (tokenHash) =>
        sql`
          SELECT id FROM sessions
          WHERE id = (SELECT session_id FROM session_refresh_tokens WHERE token_hash = ${tokenHash})
          FOR UPDATE`
    })

    const rememberTokenHashes = (session: Session, hashes: ReadonlyArray<string>) =>
      Effect.forEach(hashes, (tokenHash) =>
        orStoreUnavailable(sql`
          INSERT INTO session_refresh_tokens (token_hash, session_id, issued_at)
          VALUES (${tokenHash}, ${session.id}, ${session.lastUsedAt})
          ON CONFLICT (token_hash) DO NOTHING`), { discard: true })

    const announce = (payload: string) =>
      orStoreUnavailable(sql`SELECT pg_notify(${SESSION_REVOCATION_CHANNEL}, ${payload})`).pipe(Effect.asVoid)

    return SessionRepository.of({
      // one statement (no transaction needed): the session and every hash it knows
      insert: (session) => {
        const hashes: Arr.NonEmptyReadonlyArray<Record<string, unknown>> = [
          { tokenHash: session.currentTokenHash, sessionId: session.id, issuedAt: session.lastUsedAt },
          ...session.rotatedTokenHashes.map((tokenHash) => ({ tokenHash, sessionId: session.id, issuedAt: session.createdAt }))
        ]
        return orStoreUnavailable(sql`
          WITH session AS (
            INSERT INTO sessions (id, customer_id, opened_by, created_at, last_used_at, revoked_at, current_token_hash, generation)
            VALUES (${session.id}, ${session.customerId}, ${session.openedBy}, ${session.createdAt}, ${session.lastUsedAt},
              ${session.revokedAt}, ${session.currentTokenHash}, ${session.generation})
          )
          INSERT INTO session_refresh_tokens ${sql.insert(hashes)}`).pipe(Effect.asVoid)
      },
      findById,
      findByTokenHashForUpdate: (tokenHash) =>
        Effect.flatMap(lockByTokenHash(tokenHash), (locked) =>
          Option.isNone(locked) ? Effect.succeedNone : findById(locked.value.id)),
      update: (session) =>
        Effect.andThen(
          orStoreUnavailable(sql`
            UPDATE sessions SET
              last_used_at = ${session.lastUsedAt},
              revoked_at = ${session.revokedAt},
              current_token_hash = ${session.currentTokenHash},
              generation = ${session.generation}
            WHERE id = ${session.id}`),
          rememberTokenHashes(session, [session.currentTokenHash])
        ).pipe(
          Effect.andThen(session.revokedAt === null
            ? Effect.void
            : announce(sessionRevocationPayload({ _tag: "Session", sessionId: session.id })))
        ),
      revokeAllOfCustomer: (customerId, now, openedBy) =>
        orStoreUnavailable(
          openedBy === undefined
            ? sql`UPDATE sessions SET revoked_at = ${now} WHERE customer_id = ${customerId} AND revoked_at IS NULL`
            : sql`UPDATE sessions SET revoked_at = ${now}
                WHERE customer_id = ${customerId} AND revoked_at IS NULL AND opened_by IN ${sql.in(openedBy)}`
        ).pipe(Effect.andThen(announce(sessionRevocationPayload({ _tag: "Customer", customerId }))))
    })
  })
)
