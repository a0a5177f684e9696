/**
 * Sessions and tokens through the real server, on memory, PGlite and PostgreSQL: refresh
 * rotation and reuse detection, concurrent refreshes, logout, session expiry, and every way an
 * access token can be wrong (tampered, alg none, other key, wrong issuer / audience / typ,
 * expired, revoked session) → 401 unauthorized.
 */
import { generateKeyPairSync } from "node:crypto"
import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT } from "jose"
import { signingKeyFromPem, SIGNING_KEY_SECRET } from "../../adapters/security/jose-access-token-signer.ts"
import { makeHmacTokenHasher, TOKEN_HASH_KEY_SECRET } from "../../adapters/security/hmac-token-hasher.ts"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { accountTestEngines, getMe } from "../support/account-http.ts"
import { post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"

const refresh = (refreshToken: string) => post("/auth/refresh", { refreshToken })
const logout = (refreshToken: string) => post("/auth/logout", { refreshToken })

const signingKey = Effect.gen(function*() {
  const pem = yield* (yield* ServerSecrets).getOrCreate(SIGNING_KEY_SECRET, Effect.die(new Error("no signing key yet")))
  return yield* signingKeyFromPem(pem)
})

/** A token like the server's, signed with its key, with some claims or header fields changed. */
const forge = (
  genuine: string,
  changes: { readonly claims?: Record<string, unknown>; readonly header?: Record<string, unknown> }
) =>
  Effect.gen(function*() {
    const key = yield* signingKey
    const claims = { ...decodeJwt(genuine), ...changes.claims }
    const header = { alg: key.algorithm, typ: "at+jwt", ...changes.header }
    return yield* Effect.promise(() => new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey))
  })

serverSuites(accountTestEngines(), "sessions and tokens", (it, engine) => {
  describe("POST /auth/refresh", () => {
    it.effect("returns Tokens (not wrapped) and rotates: the new pair works, the old refresh token is spent", () =>
      Effect.gen(function*() {
        const { tokens, customerId } = yield* registerCustomer()
        const next = yield* accountRoutes.refresh(tokens.refreshToken)
        expect(next.refreshToken).not.toBe(tokens.refreshToken)
        const me = yield* accountRoutes.profile(next.accessToken)
        expect(me).toMatchObject({ id: customerId })
        const again = yield* accountRoutes.refresh(next.refreshToken)
        yield* accountRoutes.profile(again.accessToken)
      }))

    it.effect("reuse of a rotated token kills the whole session; an independent login survives", () =>
      Effect.gen(function*() {
        const { email, tokens } = yield* registerCustomer()
        const other = yield* accountRoutes.login(email, STRONG_PASSWORD)
        const rotated = yield* accountRoutes.refresh(tokens.refreshToken)
        // the old token again: 401, and the session is revoked
        expectProblem(yield* refresh(tokens.refreshToken), 401, "invalid_refresh_token")
        expectProblem(yield* refresh(rotated.refreshToken), 401, "invalid_refresh_token")
        expectProblem(yield* getMe(rotated.accessToken), 401, "unauthorized")
        expectProblem(yield* getMe(tokens.accessToken), 401, "unauthorized")
        // the other login is another session
        yield* accountRoutes.profile(other.tokens.accessToken)
        yield* accountRoutes.refresh(other.tokens.refreshToken)
      }))

    it.effect("10 concurrent refreshes with one token: at most one succeeds", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const responses = yield* Effect.all(
          Array.from({ length: 10 }, () => refresh(tokens.refreshToken)),
          { concurrency: "unbounded" }
        )
        const successes = responses.filter((r) => r.status === 200)
        expect(successes.length).toBeLessThanOrEqual(1)
        for (const response of responses.filter((r) => r.status !== 200)) {
          expectProblem(response, 401, "invalid_refresh_token")
        }
      }))

    it.effect("an unknown token is 401 invalid_refresh_token; a missing or extra field is 400", () =>
      Effect.gen(function*() {
        expectProblem(yield* refresh("x".repeat(43)), 401, "invalid_refresh_token")
        expectProblem(yield* post("/auth/refresh", {}), 400, "validation_failed")
        const { tokens } = yield* registerCustomer()
        expectProblem(yield* post("/auth/refresh", { refreshToken: tokens.refreshToken, customerId: "cus_x" }), 400, "validation_failed")
        // the rejected request changed nothing: the token still works
        yield* accountRoutes.refresh(tokens.refreshToken)
      }))

    it.effect("an access token is not a refresh token", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        expectProblem(yield* refresh(tokens.accessToken), 401, "invalid_refresh_token")
      }))

    it.effect("refresh tokens are stored only as keyed hashes (HMAC under the server's key)", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        // 256 random bits, URL-safe
        expect(base64url.decode(tokens.refreshToken).length).toBe(32)
        const sessions = yield* SessionRepository
        expect(Option.isNone(yield* sessions.findByTokenHashForUpdate(tokens.refreshToken))).toBe(true)
        const key = yield* (yield* ServerSecrets).getOrCreate(TOKEN_HASH_KEY_SECRET, Effect.die(new Error("no key yet")))
        const hashed = yield* makeHmacTokenHasher(Buffer.from(key, "base64url")).hash(tokens.refreshToken)
        expect(Option.isSome(yield* sessions.findByTokenHashForUpdate(hashed))).toBe(true)
      }))
  })

  describe("POST /auth/logout", () => {
    it.effect("204; the session's access token is refused at once and its refresh token is dead; idempotent", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        yield* accountRoutes.profile(tokens.accessToken)
        const response = yield* logout(tokens.refreshToken)
        expect(response.status).toBe(204)
        expect(response.text).toBe("")
        expectProblem(yield* getMe(tokens.accessToken), 401, "unauthorized")
        expectProblem(yield* refresh(tokens.refreshToken), 401, "invalid_refresh_token")
        expect((yield* logout(tokens.refreshToken)).status).toBe(204)
        expect((yield* logout("never-issued-token")).status).toBe(204)
      }))

    it.effect("logging out one session leaves the customer's other sessions alone", () =>
      Effect.gen(function*() {
        const { email, tokens } = yield* registerCustomer()
        const other = yield* accountRoutes.login(email, STRONG_PASSWORD)
        expect((yield* logout(tokens.refreshToken)).status).toBe(204)
        yield* accountRoutes.profile(other.tokens.accessToken)
      }))
  })

  describe("access tokens", () => {
    it.effect("header typ at+jwt, one pinned asymmetric algorithm, and the claims iss, aud, sub, sid, iat, exp, jti", () =>
      Effect.gen(function*() {
        const { tokens, customerId } = yield* registerCustomer()
        const header = decodeProtectedHeader(tokens.accessToken)
        expect(header).toEqual({ alg: "EdDSA", typ: "at+jwt" })
        const claims = decodeJwt(tokens.accessToken)
        expect(claims).toEqual({
          iss: "storefront",
          aud: "storefront-api",
          sub: customerId,
          sid: expect.stringMatching(/^ses_/),
          iat: expect.any(Number),
          exp: (claims.iat ?? 0) + 900,
          jti: expect.any(String)
        })
      }))

    it.effect("missing, malformed or tampered tokens are 401 unauthorized", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        expectProblem(yield* getMe(undefined), 401, "unauthorized")
        expectProblem(yield* getMe("not-a-jwt"), 401, "unauthorized")
        const [header, payload, signature] = tokens.accessToken.split(".")
        const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA")
        expectProblem(yield* getMe(`${header}.${payload}.${flipped}`), 401, "unauthorized")
        // a payload edited to another customer, keeping the signature
        const claims = decodeJwt(tokens.accessToken)
        const edited = base64url.encode(JSON.stringify({ ...claims, sub: "cus_someone_else" }))
        expectProblem(yield* getMe(`${header}.${edited}.${signature}`), 401, "unauthorized")
      }))

    it.effect("alg none, HS256 with the public key, and another key's signature are 401", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const claims = decodeJwt(tokens.accessToken)
        const none = `${base64url.encode(JSON.stringify({ alg: "none", typ: "at+jwt" }))}.${base64url.encode(JSON.stringify(claims))}.`
        expectProblem(yield* getMe(none), 401, "unauthorized")
        const key = yield* signingKey
        const publicPem = key.publicKey.export({ type: "spki", format: "pem" }).toString()
        const hs256 = yield* Effect.promise(() =>
          new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "at+jwt" }).sign(new TextEncoder().encode(publicPem))
        )
        expectProblem(yield* getMe(hs256), 401, "unauthorized")
        const otherKey = generateKeyPairSync("ed25519").privateKey
        const foreign = yield* Effect.promise(() =>
          new SignJWT(claims).setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" }).sign(otherKey)
        )
        expectProblem(yield* getMe(foreign), 401, "unauthorized")
      }))

    it.effect("wrong audience, wrong issuer, wrong typ, missing claims and expiry are 401 (the genuine one passes)", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        // control: re-signing unchanged claims with the server's key is accepted
        yield* accountRoutes.profile(yield* forge(tokens.accessToken, {}))
        const now = Math.floor(Date.now() / 1000)
        const cases = [
          { claims: { aud: "another-api" } },
          { claims: { aud: ["storefront-api", "another-api"] } },
          { claims: { iss: "someone-else" } },
          { header: { typ: "JWT" } },
          { claims: { sid: undefined } },
          { claims: { jti: undefined } },
          { claims: { iat: now - 2000, exp: now - 1000 } },
          { claims: { iat: now + 3600, exp: now + 4500 } }
        ]
        for (const change of cases) {
          expectProblem(yield* getMe(yield* forge(tokens.accessToken, change)), 401, "unauthorized")
        }
      }))

    it.effect("a token of a session that does not exist, or of another customer's session, is 401", () =>
      Effect.gen(function*() {
        const first = yield* registerCustomer()
        const second = yield* registerCustomer()
        expectProblem(yield* getMe(yield* forge(first.tokens.accessToken, { claims: { sid: "ses_missing" } })), 401, "unauthorized")
        const mixed = yield* forge(first.tokens.accessToken, { claims: { sub: second.customerId } })
        expectProblem(yield* getMe(mixed), 401, "unauthorized")
      }))

    it.effect("the access token expires with the clock (ACCESS_TOKEN_TTL_SECONDS) and refresh issues a working one", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        yield* engine.clock.advance("901 seconds")
        expectProblem(yield* getMe(tokens.accessToken), 401, "unauthorized")
        const next = yield* accountRoutes.refresh(tokens.refreshToken)
        yield* accountRoutes.profile(next.accessToken)
      }))

    it.effect("sessions die after the idle lifetime without use and after the absolute lifetime whatever the use", () =>
      Effect.gen(function*() {
        const idle = yield* registerCustomer()
        const busy = yield* registerCustomer()
        yield* engine.clock.advance("29 days")
        let busyRefresh = (yield* accountRoutes.refresh(busy.tokens.refreshToken)).refreshToken
        yield* engine.clock.advance("2 days")
        expectProblem(yield* refresh(idle.tokens.refreshToken), 401, "invalid_refresh_token")
        for (let day = 31; day < 89; day += 20) {
          busyRefresh = (yield* accountRoutes.refresh(busyRefresh)).refreshToken
          yield* engine.clock.advance("20 days")
        }
        // now past 90 days since the login: dead although used every 20 days
        expectProblem(yield* refresh(busyRefresh), 401, "invalid_refresh_token")
      }))
  })
})
