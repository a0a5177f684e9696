/**
 * The jose adapter on its own: the generated key is kept in ServerSecrets (so a second instance,
 * or a restart, verifies the first one's tokens), JWT_PRIVATE_KEY picks and pins the algorithm
 * (EdDSA for Ed25519, ES256 for P-256), other keys stop the start, and a token of one algorithm
 * is refused by a signer pinned to the other.
 */
import { generateKeyPairSync } from "node:crypto"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Redacted, Result } from "effect"
import { TestClock } from "effect/testing"
import { decodeProtectedHeader } from "jose"
import * as MemoryServerSecrets from "../../adapters/memory/memory-server-secrets.ts"
import * as PostgresServerSecrets from "../../adapters/postgres/postgres-server-secrets.ts"
import { makeJoseAccessTokenSigner, signingKeyFromPem } from "../../adapters/security/jose-access-token-signer.ts"
import * as JoseAccessTokenSigner from "../../adapters/security/jose-access-token-signer.ts"
import { AccessTokenSigner } from "../../application/auth/access-token-signer.ts"
import { makeAccessTokenClaims } from "../../domain/auth/access-token.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { testEngines } from "../support/test-database.ts"
import { CustomerId, SessionId } from "../../domain/shared/ids.ts"

const claims = () =>
  makeAccessTokenClaims({
    issuer: "storefront",
    audience: "storefront-api",
    customerId: CustomerId.make("cus_1"),
    sessionId: SessionId.make("ses_1"),
    jti: "jti_1",
    now: new Date()
  }, defaultAuthLifetimes)

const signWith = <R>(layer: Layer.Layer<AccessTokenSigner, unknown, R>) =>
  Effect.flatMap(AccessTokenSigner, (signer) => signer.sign(claims())).pipe(Effect.provide(layer))
const verifyWith = <R>(layer: Layer.Layer<AccessTokenSigner, unknown, R>, token: string) =>
  Effect.flatMap(AccessTokenSigner, (signer) => Effect.result(signer.verify(token))).pipe(Effect.provide(layer))

const pem = (key: ReturnType<typeof generateKeyPairSync>["privateKey"]) => key.export({ type: "pkcs8", format: "pem" }).toString()
const generatedKey = JoseAccessTokenSigner.layer({ privateKeyPem: Option.none() })

describe("jose access-token signer", () => {
  for (const engine of testEngines()) {
    it.live(`the generated key is kept by ServerSecrets: two instances share it (${engine.name})`, () =>
      Effect.gen(function*() {
        // two separately built signers over one database = two instances, or a restart
        const instance = () => generatedKey.pipe(Layer.provide(PostgresServerSecrets.layer), Layer.fresh)
        const token = yield* signWith(instance())
        const verified = yield* verifyWith(instance(), token)
        expect(verified._tag).toBe("Success")
      }).pipe(Effect.provide(engine.layer)), { timeout: 60_000 })
  }

  it.live("separate secret stores mean separate keys: the other instance refuses the token", () =>
    Effect.gen(function*() {
      const token = yield* signWith(generatedKey.pipe(Layer.provide(MemoryServerSecrets.layer)))
      const verified = yield* verifyWith(generatedKey.pipe(Layer.provide(MemoryServerSecrets.layer)), token)
      expect(verified._tag).toBe("Failure")
    }))

  it.live("JWT_PRIVATE_KEY: an Ed25519 key signs EdDSA, a P-256 key signs ES256, each pinned", () =>
    Effect.gen(function*() {
      const ed = JoseAccessTokenSigner.layer({ privateKeyPem: Option.some(Redacted.make(pem(generateKeyPairSync("ed25519").privateKey))) })
        .pipe(Layer.provide(MemoryServerSecrets.layer))
      const ecKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey
      const es = JoseAccessTokenSigner.layer({ privateKeyPem: Option.some(Redacted.make(pem(ecKey))) })
        .pipe(Layer.provide(MemoryServerSecrets.layer))
      const edToken = yield* signWith(ed)
      const esToken = yield* signWith(es)
      expect(decodeProtectedHeader(edToken)).toEqual({ alg: "EdDSA", typ: "at+jwt" })
      expect(decodeProtectedHeader(esToken)).toEqual({ alg: "ES256", typ: "at+jwt" })
      expect((yield* verifyWith(es, esToken))._tag).toBe("Success")
      // an ES256 token signed by the right key but verified by a signer pinned to EdDSA is refused
      const esKey = yield* signingKeyFromPem(pem(ecKey))
      const pinnedToEdDsa = makeJoseAccessTokenSigner({ ...esKey, algorithm: "EdDSA" }, { issuer: "storefront", audience: "storefront-api" })
      expect((yield* Effect.result(pinnedToEdDsa.verify(esToken)))._tag).toBe("Failure")
    }))

  it.effect("a token verified once is remembered, but still expires and its tampered copies are still refused", () =>
    Effect.gen(function*() {
      const key = yield* signingKeyFromPem(pem(generateKeyPairSync("ed25519").privateKey))
      const signer = makeJoseAccessTokenSigner(key, { issuer: "storefront", audience: "storefront-api" })
      const issued = claims()
      const token = yield* signer.sign(issued)
      const [header, payload, signature] = token.split(".")
      const forgedPayload = Buffer.from(JSON.stringify({ ...issued, sub: "cus_other" })).toString("base64url")
      const verifyAt = (candidate: string, epochSeconds: number) =>
        Effect.andThen(TestClock.setTime(epochSeconds * 1000), Effect.result(signer.verify(candidate)))
      expect(yield* verifyAt(token, issued.iat)).toEqual(Result.succeed(issued))
      // the second time comes from the cache: same claims
      expect(yield* verifyAt(token, issued.iat + 1)).toEqual(Result.succeed(issued))
      expect((yield* verifyAt(`${header}.${forgedPayload}.${signature}`, issued.iat + 1))._tag).toBe("Failure")
      expect((yield* verifyAt(`${token}x`, issued.iat + 1))._tag).toBe("Failure")
      expect((yield* verifyAt(token, issued.exp))._tag).toBe("Failure")
      expect((yield* verifyAt(`${header}.${payload}.${signature}`, issued.exp - 1))._tag).toBe("Success")
    }))

  it.effect("an RSA key, a P-384 key or garbage in JWT_PRIVATE_KEY stops the start", () =>
    Effect.gen(function*() {
      const rsa = pem(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey)
      const p384 = pem(generateKeyPairSync("ec", { namedCurve: "P-384" }).privateKey)
      for (const candidate of [rsa, p384, "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----"]) {
        const failure = yield* Effect.flip(signingKeyFromPem(candidate))
        expect(failure._tag).toBe("UnsupportedSigningKey")
      }
    }))
})
