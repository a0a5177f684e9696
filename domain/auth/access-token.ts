/**
 * Access-token (JWT) claims and header (docs/contract/accounts.md). Signing and verification live in the jose
 * adapter, which must pin the algorithm, issuer and audience and require `typ: at+jwt`; this
 * file owns the shapes and the pure construction. Times are NumericDate (whole epoch seconds).
 */
import { Schema } from "effect"
import { CustomerId, SessionId } from "../shared/ids.ts"
import { type AuthLifetimes, MILLIS_PER_SECOND } from "./lifetimes.ts"

export const ACCESS_TOKEN_TYPE = "at+jwt"

/** One pinned asymmetric algorithm; the adapter picks one and rejects the other. */
export const AccessTokenAlgorithm = Schema.Literals(["EdDSA", "ES256"])
export type AccessTokenAlgorithm = typeof AccessTokenAlgorithm.Type

export const AccessTokenHeader = Schema.Struct({
  alg: AccessTokenAlgorithm,
  typ: Schema.Literal(ACCESS_TOKEN_TYPE)
})
export type AccessTokenHeader = typeof AccessTokenHeader.Type

const NumericDate = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const AccessTokenClaims = Schema.Struct({
  iss: Schema.NonEmptyString,
  aud: Schema.NonEmptyString,
  /** Customer id. */
  sub: CustomerId,
  /** Session id: the token dies with its session (logout, reset, reuse detection). */
  sid: SessionId,
  iat: NumericDate,
  exp: NumericDate,
  jti: Schema.NonEmptyString
}).check(Schema.makeFilter((claims) => claims.exp > claims.iat || "Expected exp after iat"))
export type AccessTokenClaims = typeof AccessTokenClaims.Type

export interface AccessTokenClaimsInput {
  readonly issuer: string
  readonly audience: string
  readonly customerId: CustomerId
  readonly sessionId: SessionId
  /** Unique token id, generated outside. */
  readonly jti: string
  readonly now: Date
}

/** Claims for a new access token: `iat` = now (floored to the second), `exp = iat + accessTokenSeconds`. */
export const makeAccessTokenClaims = (input: AccessTokenClaimsInput, lifetimes: AuthLifetimes): AccessTokenClaims => {
  const iat = Math.floor(input.now.getTime() / MILLIS_PER_SECOND)
  return {
    iss: input.issuer,
    aud: input.audience,
    sub: input.customerId,
    sid: input.sessionId,
    iat,
    exp: iat + lifetimes.accessTokenSeconds,
    jti: input.jti
  }
}

/** `expiresIn` of a Tokens response (seconds). */
export const accessTokenExpiresIn = (lifetimes: AuthLifetimes): number => lifetimes.accessTokenSeconds

/**
 * Time validity (a second check next to jose's): not yet expired (`now < exp`) and not issued in
 * the future beyond `clockToleranceSeconds`.
 */
export const areAccessTokenTimesValid = (claims: AccessTokenClaims, now: Date, clockToleranceSeconds = 0): boolean => {
  const nowSeconds = now.getTime() / MILLIS_PER_SECOND
  return nowSeconds < claims.exp && claims.iat <= nowSeconds + clockToleranceSeconds
}
