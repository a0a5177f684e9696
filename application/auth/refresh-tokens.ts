/**
 * POST /auth/refresh (CONTRACT §3): rotate the session's refresh token and sign a new access
 * token. The session is locked while the domain decides, so of N concurrent refreshes with one
 * token at most one rotates. A rotated-out token revokes the whole session (reuse detection);
 * that revocation is committed before the 401 is answered.
 */
import { Effect, Option } from "effect"
import { InvalidRefreshToken } from "../../domain/auth/errors/invalid-refresh-token.ts"
import { rotateSession } from "../../domain/auth/session.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { Transactions } from "../shared/transactions.ts"
import { AccountSettings } from "./account-settings.ts"
import { currentTime } from "./current-time.ts"
import { SecureRandom } from "./secure-random.ts"
import { SessionRepository } from "./session-repository.ts"
import { tokensFor } from "./start-session.ts"

export const refreshTokens = (refreshToken: string) =>
  Effect.gen(function*() {
    const settings = yield* AccountSettings
    const hasher = yield* TokenHasher
    const sessions = yield* SessionRepository
    const now = yield* currentTime
    const presentedTokenHash = yield* hasher.hash(refreshToken)
    const nextRefreshToken = yield* (yield* SecureRandom).token
    const nextTokenHash = yield* hasher.hash(nextRefreshToken)

    const outcome = yield* (yield* Transactions).atomically(Effect.gen(function*() {
      const session = yield* sessions.findByTokenHashForUpdate(presentedTokenHash)
      const decided = rotateSession(Option.getOrUndefined(session), { presentedTokenHash, nextTokenHash, now }, settings.lifetimes)
      if (decided._tag !== "Rejected") yield* sessions.update(decided.session)
      return decided
    }))
    if (outcome._tag === "Reused") {
      yield* Effect.logWarning("refresh token reuse: session revoked").pipe(Effect.annotateLogs({ sessionId: outcome.session.id }))
      return yield* new InvalidRefreshToken()
    }
    if (outcome._tag === "Rejected") return yield* new InvalidRefreshToken()
    return yield* tokensFor(outcome.session, nextRefreshToken, now)
  })
