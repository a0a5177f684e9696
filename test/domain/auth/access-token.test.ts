import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  ACCESS_TOKEN_TYPE,
  AccessTokenClaims,
  accessTokenExpiresIn,
  AccessTokenHeader,
  areAccessTokenTimesValid,
  makeAccessTokenClaims
} from "../../../domain/auth/access-token.ts"
import { AuthLifetimes, defaultAuthLifetimes } from "../../../domain/auth/lifetimes.ts"
import { CustomerId, SessionId } from "../../../domain/shared/ids.ts"

const input = {
  issuer: "https://shop.example/storefront",
  audience: "storefront",
  customerId: CustomerId.make("cus_1"),
  sessionId: SessionId.make("ses_1"),
  jti: "jti_1",
  now: new Date("2026-07-01T00:00:00.999Z")
}

describe("access-token claims", () => {
  it("defaults: access 900 s, refresh idle 30 d / absolute 90 d, OTP 600 s, reset 3600 s, 5 OTP attempts", () => {
    // the documented defaults, restated on purpose: a changed default must change this test too
    expect(defaultAuthLifetimes).toEqual({
      accessTokenSeconds: 900, refreshTokenIdleDays: 30, refreshTokenMaxDays: 90,
      otpSeconds: 600, resetTokenSeconds: 3600, otpMaxAttempts: 5
    })
    expect(Schema.is(AuthLifetimes)(defaultAuthLifetimes)).toBe(true)
    expect(Schema.is(AuthLifetimes)({ ...defaultAuthLifetimes, otpSeconds: 0 })).toBe(false)
    expect(accessTokenExpiresIn(defaultAuthLifetimes)).toBe(900)
  })

  it("builds iss/aud/sub/sid/iat/exp/jti with iat floored to the second and exp = iat + 900", () => {
    const claims = makeAccessTokenClaims(input, defaultAuthLifetimes)
    const iat = Math.floor(input.now.getTime() / 1000)
    expect(claims).toEqual({ iss: input.issuer, aud: "storefront", sub: "cus_1", sid: "ses_1", iat, exp: iat + 900, jti: "jti_1" })
    expect(Schema.is(AccessTokenClaims)(claims)).toBe(true)
  })

  it("times: valid until exp (exclusive)", () => {
    const claims = makeAccessTokenClaims(input, defaultAuthLifetimes)
    expect(areAccessTokenTimesValid(claims, new Date(claims.exp * 1000 - 1))).toBe(true)
    expect(areAccessTokenTimesValid(claims, new Date(claims.exp * 1000))).toBe(false)
    expect(areAccessTokenTimesValid(claims, new Date(claims.iat * 1000 - 5000))).toBe(false)
    expect(areAccessTokenTimesValid(claims, new Date(claims.iat * 1000 - 5000), 10)).toBe(true)
  })

  it("the claims schema rejects missing claims, exp <= iat and non-integer times", () => {
    const claims = makeAccessTokenClaims(input, defaultAuthLifetimes)
    const decode = Schema.decodeUnknownResult(AccessTokenClaims)
    expect(Result.isSuccess(decode(claims))).toBe(true)
    const { sid: _sid, ...noSid } = claims
    expect(Result.isFailure(decode(noSid))).toBe(true)
    expect(Result.isFailure(decode({ ...claims, exp: claims.iat }))).toBe(true)
    expect(Result.isFailure(decode({ ...claims, iat: claims.iat + 0.5 }))).toBe(true)
    expect(Result.isFailure(decode({ ...claims, sub: "" }))).toBe(true)
  })

  it("header: typ at+jwt with a pinned asymmetric algorithm", () => {
    expect(ACCESS_TOKEN_TYPE).toBe("at+jwt")
    expect(Schema.is(AccessTokenHeader)({ alg: "EdDSA", typ: "at+jwt" })).toBe(true)
    expect(Schema.is(AccessTokenHeader)({ alg: "ES256", typ: "at+jwt" })).toBe(true)
    expect(Schema.is(AccessTokenHeader)({ alg: "HS256", typ: "at+jwt" })).toBe(false)
    expect(Schema.is(AccessTokenHeader)({ alg: "EdDSA", typ: "JWT" })).toBe(false)
  })

  it.prop("any lifetimes and time: exp - iat is the configured lifetime and the claims decode", [
    AuthLifetimes,
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4_102_444_800_000 }))
  ], ([lifetimes, millis]) => {
    const claims = makeAccessTokenClaims({ ...input, now: new Date(millis) }, lifetimes)
    expect(claims.exp - claims.iat).toBe(lifetimes.accessTokenSeconds)
    expect(claims.iat * 1000).toBeLessThanOrEqual(millis)
    expect(Schema.is(AccessTokenClaims)(claims)).toBe(true)
  })
})
