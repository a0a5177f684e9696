/**
 * The bearer check of every authenticated request (docs/contract/accounts.md): a valid signature with the
 * pinned algorithm, issuer and audience, not expired, AND a session that is still active
 * (not logged out, reset or revoked for reuse, not expired), so revocation takes effect at once.
 */
import { Effect, Option } from "effect"
import { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"
import { isSessionActive } from "../../domain/auth/session.ts"
import type { CustomerId, SessionId } from "../../domain/shared/ids.ts"
import { currentTime } from "./current-time.ts"
import type { AccountPorts } from "./account-ports.ts"

export interface AuthenticatedSession {
  readonly customerId: CustomerId
  readonly sessionId: SessionId
}

export const authenticateAccessToken = (ports: AccountPorts, accessToken: string) =>
  Effect.gen(function*() {
    const claims = yield* ports.signer.verify(accessToken)
    const session = yield* ports.sessions.findById(claims.sid)
    const now = yield* currentTime
    const { lifetimes } = ports.settings
    if (
      Option.isNone(session) || session.value.customerId !== claims.sub ||
      !isSessionActive(session.value, now, lifetimes)
    ) {
      return yield* new Unauthorized()
    }
    return { customerId: claims.sub, sessionId: claims.sid } satisfies AuthenticatedSession
  })
