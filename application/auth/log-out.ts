/**
 * POST /auth/logout (docs/contract/accounts.md): revoke the session the refresh token belongs to (current or
 * rotated). Idempotent: an unknown token or an already revoked session changes nothing.
 */
import { Effect, Option } from "effect"
import { logoutSession } from "../../domain/auth/session.ts"
import { currentTime } from "./current-time.ts"
import type { AccountPorts } from "./account-ports.ts"

export const logOut = (ports: AccountPorts, refreshToken: string) =>
  Effect.gen(function*() {
    const sessions = ports.sessions
    const now = yield* currentTime
    const presentedTokenHash = yield* ports.tokenHasher.hash(refreshToken)
    yield* ports.transactions.atomically(Effect.gen(function*() {
      const session = yield* sessions.findByTokenHashForUpdate(presentedTokenHash)
      const revoked = logoutSession(Option.getOrUndefined(session), presentedTokenHash, now)
      if (revoked !== undefined && Option.isSome(session) && session.value.revokedAt === null) {
        yield* sessions.update(revoked)
      }
    }))
  })
