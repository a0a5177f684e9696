/**
 * POST /auth/logout (CONTRACT §3): revoke the session the refresh token belongs to (current or
 * rotated). Idempotent: an unknown token or an already revoked session changes nothing.
 */
import { Effect, Option } from "effect"
import { logoutSession } from "../../domain/auth/session.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { Transactions } from "../shared/transactions.ts"
import { currentTime } from "./current-time.ts"
import { SessionRepository } from "./session-repository.ts"

export const logOut = (refreshToken: string) =>
  Effect.gen(function*() {
    const sessions = yield* SessionRepository
    const now = yield* currentTime
    const presentedTokenHash = yield* (yield* TokenHasher).hash(refreshToken)
    yield* (yield* Transactions).atomically(Effect.gen(function*() {
      const session = yield* sessions.findByTokenHashForUpdate(presentedTokenHash)
      const revoked = logoutSession(Option.getOrUndefined(session), presentedTokenHash, now)
      if (revoked !== undefined && Option.isSome(session) && session.value.revokedAt === null) {
        yield* sessions.update(revoked)
      }
    }))
  })
