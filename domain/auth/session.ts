/**
 * Refresh-token sessions (docs/contract/accounts.md), as a pure state machine.
 *
 * A login starts a Session. The client holds one opaque refresh token; the session stores only
 * hashes: the current token's hash and the hashes of every token rotated out of it. Each refresh
 * presents the current token and receives a new one (rotation, `generation + 1`). Presenting a
 * rotated-out token is reuse: the whole session (every token descended from that login) is
 * revoked. A session also dies after REFRESH_TOKEN_IDLE_DAYS without use and
 * REFRESH_TOKEN_MAX_DAYS after its login, whichever comes first.
 *
 * Persistence hints: look the session up by `currentTokenHash = $h OR $h = ANY(rotatedTokenHashes)`
 * (or a side table of hashes), lock it (FOR UPDATE) or write with
 * `WHERE id = $id AND generation = $previousGeneration`, so that of N concurrent refreshes with
 * one token at most one succeeds (the losers then see a rotated token: reuse).
 */
import { Result, Schema } from "effect"
import { CustomerId, SessionId } from "../shared/ids.ts"
import type { IssueTokenInput } from "./issued-token.ts"
import { InvalidRefreshToken } from "./errors/invalid-refresh-token.ts"
import { RefreshTokenReused } from "./errors/refresh-token-reused.ts"
import { addMillis, type AuthLifetimes, daysToMillis } from "./lifetimes.ts"

/** Hash of a refresh token (see the TokenHasher port). */
export const TokenHash = Schema.NonEmptyString
export type TokenHash = typeof TokenHash.Type

/**
 * What opened a session: a registration, a password login, a one-time code (OTP login) or a
 * password reset. Which sessions a pending registration opened is read from it
 * (registration-claim.ts).
 */
export const SessionOrigin = Schema.Literals(["registration", "password", "code", "reset"])
export type SessionOrigin = typeof SessionOrigin.Type

export const Session = Schema.Struct({
  id: SessionId,
  customerId: CustomerId,
  openedBy: SessionOrigin,
  /** The login that started the session; the absolute expiry counts from here. */
  createdAt: Schema.Date,
  /** Login or latest successful refresh; the idle expiry counts from here. */
  lastUsedAt: Schema.Date,
  revokedAt: Schema.NullOr(Schema.Date),
  currentTokenHash: TokenHash,
  /** Every token hash rotated out of this session, oldest first. */
  rotatedTokenHashes: Schema.Array(TokenHash),
  /** Number of rotations so far (0 right after login). */
  generation: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})
export type Session = typeof Session.Type

export type SessionStatus = "active" | "revoked" | "idle_expired" | "absolute_expired"

export interface IssueSessionInput extends IssueTokenInput<SessionId> {
  readonly openedBy: SessionOrigin
}

/** Login (also register and reset-password): a new session whose current token is `tokenHash`. */
export const issueSession = (input: IssueSessionInput): Session => ({
  id: input.id,
  customerId: input.customerId,
  openedBy: input.openedBy,
  createdAt: input.now,
  lastUsedAt: input.now,
  revokedAt: null,
  currentTokenHash: input.tokenHash,
  rotatedTokenHashes: [],
  generation: 0
})

/** First instant at which the session is dead for lack of use. */
export const idleExpiresAt = (session: Session, lifetimes: AuthLifetimes): Date =>
  addMillis(session.lastUsedAt, daysToMillis(lifetimes.refreshTokenIdleDays))

/** First instant at which the session is dead whatever its use. */
export const absoluteExpiresAt = (session: Session, lifetimes: AuthLifetimes): Date =>
  addMillis(session.createdAt, daysToMillis(lifetimes.refreshTokenMaxDays))

/** When the session stops being usable if nothing else happens (the earlier of both expiries). */
export const sessionExpiresAt = (session: Session, lifetimes: AuthLifetimes): Date => {
  const idle = idleExpiresAt(session, lifetimes)
  const absolute = absoluteExpiresAt(session, lifetimes)
  return idle.getTime() <= absolute.getTime() ? idle : absolute
}

/** Revocation wins over expiry; absolute expiry is reported before idle expiry. */
export const sessionStatus = (session: Session, now: Date, lifetimes: AuthLifetimes): SessionStatus => {
  if (session.revokedAt !== null) return "revoked"
  if (now.getTime() >= absoluteExpiresAt(session, lifetimes).getTime()) return "absolute_expired"
  if (now.getTime() >= idleExpiresAt(session, lifetimes).getTime()) return "idle_expired"
  return "active"
}

export const isSessionActive = (session: Session, now: Date, lifetimes: AuthLifetimes): boolean =>
  sessionStatus(session, now, lifetimes) === "active"

/** Logout / reset / reuse: revoke. Idempotent: an already revoked session is returned unchanged. */
export const revokeSession = (session: Session, now: Date): Session =>
  session.revokedAt !== null ? session : { ...session, revokedAt: now }

/** Reset-password: revoke every session (of the customer; the caller passes only theirs). */
export const revokeAllSessions = (sessions: ReadonlyArray<Session>, now: Date): ReadonlyArray<Session> =>
  sessions.map((session) => revokeSession(session, now))

/** The token presented to refresh or log out belongs to this session (current or rotated). */
export const sessionKnowsToken = (session: Session, tokenHash: TokenHash): boolean =>
  session.currentTokenHash === tokenHash || session.rotatedTokenHashes.includes(tokenHash)

export interface RotateInput {
  /** Hash of the refresh token the client sent. */
  readonly presentedTokenHash: TokenHash
  /**
   * Hash of the new refresh token that will be handed out if rotation succeeds. Precondition: a
   * fresh token (>= 256 random bits), so its hash is not already known to the session.
   */
  readonly nextTokenHash: TokenHash
  readonly now: Date
}

export type RotateOutcome =
  /** Persist `session` (its generation went up by one), then issue the new pair. */
  | { readonly _tag: "Rotated"; readonly session: Session }
  /** Reuse detected: persist the revoked `session`, answer 401 invalid_refresh_token. */
  | { readonly _tag: "Reused"; readonly session: Session; readonly error: RefreshTokenReused }
  /** Nothing to persist; answer 401 invalid_refresh_token. */
  | { readonly _tag: "Rejected"; readonly error: InvalidRefreshToken }

const rejected: RotateOutcome = { _tag: "Rejected", error: new InvalidRefreshToken() }

/**
 * POST /auth/refresh. `session` is the one holding the presented hash, or `undefined`.
 *
 * - no session, or the hash is not one of its tokens → Rejected
 * - session revoked (logout, reset, earlier reuse) → Rejected
 * - hash is a rotated-out token → Reused: the session is revoked at `now` (even if also expired)
 * - hash is current but the session expired (idle or absolute) → Rejected, nothing changes
 * - hash is current and the session active → Rotated: the new hash becomes current, the
 *   presented one joins `rotatedTokenHashes`, `lastUsedAt = now`, `generation + 1`.
 */
export const rotateSession = (
  session: Session | undefined,
  input: RotateInput,
  lifetimes: AuthLifetimes
): RotateOutcome => {
  if (session === undefined || session.revokedAt !== null) return rejected
  if (session.rotatedTokenHashes.includes(input.presentedTokenHash)) {
    return {
      _tag: "Reused",
      session: revokeSession(session, input.now),
      error: new RefreshTokenReused({ sessionId: session.id })
    }
  }
  if (session.currentTokenHash !== input.presentedTokenHash) return rejected
  if (sessionStatus(session, input.now, lifetimes) !== "active") return rejected
  return {
    _tag: "Rotated",
    session: {
      ...session,
      lastUsedAt: input.now,
      currentTokenHash: input.nextTokenHash,
      rotatedTokenHashes: [...session.rotatedTokenHashes, input.presentedTokenHash],
      generation: session.generation + 1
    }
  }
}

/** The outcome as a Result (the Reused session still has to be persisted by the caller). */
export const rotateOutcomeToResult = (
  outcome: RotateOutcome
): Result.Result<Session, InvalidRefreshToken | RefreshTokenReused> =>
  outcome._tag === "Rotated" ? Result.succeed(outcome.session) : Result.fail(outcome.error)

/**
 * POST /auth/logout with a refresh token: revoke the session that knows the token (current or
 * rotated). Idempotent; `undefined` (unknown token, nothing to write) is still a 204.
 */
export const logoutSession = (
  session: Session | undefined,
  presentedTokenHash: TokenHash,
  now: Date
): Session | undefined =>
  session !== undefined && sessionKnowsToken(session, presentedTokenHash) ? revokeSession(session, now) : undefined
