/**
 * POST /auth/refresh (docs/contract/accounts.md): rotate the session's refresh token and sign a new access
 * token. The session is locked while the domain decides, so of N concurrent refreshes with one
 * token at most one rotates. A rotated-out token revokes the whole session (reuse detection);
 * that revocation is committed before the 401 is answered.
 */
import { Effect, Option } from "effect"
import { InvalidRefreshToken } from "../../domain/auth/errors/invalid-refresh-token.ts"
import { rotateSession } from "../../domain/auth/session.ts"
import { currentTime } from "./current-time.ts"
import { tokensFor } from "./start-session.ts"
import type { AccountPorts } from "./account-ports.ts"

export const refreshTokens = (ports: AccountPorts, refreshToken: string) =>
  Effect.gen(function*() {
    const settings = ports.settings
    const hasher = ports.tokenHasher
    const sessions = ports.sessions
    const now = yield* currentTime
    const presentedTokenHash = yield* hasher.hash(refreshToken)
    const nextRefreshToken = yield* ports.random.token
    const nextTokenHash = yield* hasher.hash(nextRefreshToken)

    const outcome = yield* ports.transactions.atomically(Effect.gen(function*() {
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
    return yield* tokensFor(ports, outcome.session, nextRefreshToken, now)
  })
