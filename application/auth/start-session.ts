/**
 * Signing in (register, login, reset-password, OTP login): a new session whose first refresh
 * token is stored only as a hash, and an access token bound to that session.
 */
import { Effect } from "effect"
import { accessTokenExpiresIn, makeAccessTokenClaims } from "../../domain/auth/access-token.ts"
import { issueSession, type Session } from "../../domain/auth/session.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { AccessTokenSigner } from "./access-token-signer.ts"
import { AccountSettings } from "./account-settings.ts"
import type { AuthResult, Tokens } from "./auth-result.ts"
import { SecureRandom } from "./secure-random.ts"
import { SessionRepository } from "./session-repository.ts"

/** A signed access token for the session's customer, valid ACCESS_TOKEN_TTL_SECONDS from `now`. */
export const signAccessToken = (session: Session, now: Date) =>
  Effect.gen(function*() {
    const settings = yield* AccountSettings
    const jti = yield* (yield* SecureRandom).token
    const claims = makeAccessTokenClaims({
      issuer: settings.issuer,
      audience: settings.audience,
      customerId: session.customerId,
      sessionId: session.id,
      jti,
      now
    }, settings.lifetimes)
    return yield* (yield* AccessTokenSigner).sign(claims)
  })

/** The Tokens of a session whose current refresh token is `refreshToken`. */
export const tokensFor = (session: Session, refreshToken: string, now: Date) =>
  Effect.gen(function*() {
    const settings = yield* AccountSettings
    const accessToken = yield* signAccessToken(session, now)
    return { accessToken, refreshToken, expiresIn: accessTokenExpiresIn(settings.lifetimes) } satisfies Tokens
  })

/** Starts a session for the customer (inside the caller's unit of work) and returns its tokens. */
export const startSession = (customerId: string, now: Date) =>
  Effect.gen(function*() {
    const refreshToken = yield* (yield* SecureRandom).token
    const session = issueSession({
      id: yield* (yield* IdGenerator).next("ses"),
      customerId,
      tokenHash: yield* (yield* TokenHasher).hash(refreshToken),
      now
    })
    yield* (yield* SessionRepository).insert(session)
    return { customerId, tokens: yield* tokensFor(session, refreshToken, now) } satisfies AuthResult
  })
