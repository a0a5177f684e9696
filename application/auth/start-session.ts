/**
 * Signing in (register, login, reset-password, OTP login): a new session whose first refresh
 * token is stored only as a hash, and an access token bound to that session.
 */
import { Effect } from "effect"
import { accessTokenExpiresIn, makeAccessTokenClaims } from "../../domain/auth/access-token.ts"
import { issueSession, type Session, type SessionOrigin } from "../../domain/auth/session.ts"
import type { AuthResult, Tokens } from "./auth-result.ts"
import type { AccountPorts } from "./account-ports.ts"
import { type CustomerId, SessionId } from "../../domain/shared/ids.ts"

/** A signed access token for the session's customer, valid ACCESS_TOKEN_TTL_SECONDS from `now`. */
export const signAccessToken = (ports: AccountPorts, session: Session, now: Date) =>
  Effect.gen(function*() {
    const settings = ports.settings
    const jti = yield* ports.random.token
    const claims = makeAccessTokenClaims({
      issuer: settings.issuer,
      audience: settings.audience,
      customerId: session.customerId,
      sessionId: session.id,
      jti,
      now
    }, settings.lifetimes)
    return yield* ports.signer.sign(claims)
  })

/** The Tokens of a session whose current refresh token is `refreshToken`. */
export const tokensFor = (ports: AccountPorts, session: Session, refreshToken: string, now: Date) =>
  Effect.gen(function*() {
    const settings = ports.settings
    const accessToken = yield* signAccessToken(ports, session, now)
    return { accessToken, refreshToken, expiresIn: accessTokenExpiresIn(settings.lifetimes) } satisfies Tokens
  })

/**
 * Starts a session for the customer (inside the caller's unit of work), recording what opened it,
 * and returns its tokens.
 */
export const startSession = (ports: AccountPorts, customerId: CustomerId, now: Date, openedBy: SessionOrigin) =>
  Effect.gen(function*() {
    const refreshToken = yield* ports.random.token
    const session = issueSession({
      id: SessionId.make(yield* ports.ids.next("ses")),
      customerId,
      openedBy,
      tokenHash: yield* ports.tokenHasher.hash(refreshToken),
      now
    })
    yield* ports.sessions.insert(session)
    return { customerId, tokens: yield* tokensFor(ports, session, refreshToken, now) } satisfies AuthResult
  })
