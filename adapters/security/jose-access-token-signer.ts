/**
 * AccessTokenSigner over `jose` (docs/contract/accounts.md). The key is JWT_PRIVATE_KEY (a PKCS#8 PEM) when
 * given, else an Ed25519 key generated once and kept by ServerSecrets, so every instance and
 * restart signs and verifies with the same key. The algorithm follows from the key and is then
 * pinned: EdDSA for an Ed25519 key, ES256 for a P-256 key; any other key stops the start.
 *
 * Verification pins that one algorithm (so `alg: none`, HS256 with the public key and every
 * other substitution fail), requires `typ: at+jwt`, the issuer, the audience and every claim,
 * checks `exp` against Effect's Clock, and decodes the claims with the domain schema.
 *
 * A signature check costs a few hundred microseconds and a client sends the same token with
 * every request for its whole lifetime, so the claims of tokens that passed are kept (bounded,
 * keyed by the exact token text, until the token's own `exp`): a token seen again skips the
 * signature and only has its times checked. Nothing else about a token can change; whether its
 * session still lives is checked on every request by the caller.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto"
import { Effect, Layer, Option, Redacted, Schema } from "effect"
import { jwtVerify, SignJWT } from "jose"
import { AccessTokenSigner } from "../../application/auth/access-token-signer.ts"
import { AccountSettings } from "../../application/auth/account-settings.ts"
import { currentTime } from "../../application/auth/current-time.ts"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import {
  ACCESS_TOKEN_TYPE,
  AccessTokenClaims,
  type AccessTokenAlgorithm,
  areAccessTokenTimesValid
} from "../../domain/auth/access-token.ts"
import { MILLIS_PER_SECOND } from "../../domain/auth/lifetimes.ts"
import { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"
import { makeBoundedCache } from "../caching/bounded-cache.ts"

export const SIGNING_KEY_SECRET = "access_token_signing_key"

const REQUIRED_CLAIMS = ["iss", "aud", "sub", "sid", "iat", "exp", "jti"]

export interface SigningKey {
  readonly algorithm: AccessTokenAlgorithm
  readonly privateKey: KeyObject
  readonly publicKey: KeyObject
}

export class UnsupportedSigningKey extends Schema.TaggedError<UnsupportedSigningKey>()("UnsupportedSigningKey", {
  message: Schema.String
}) {}

/** Reads a PKCS#8 PEM private key and the one algorithm it is used with. */
export const signingKeyFromPem = (pem: string): Effect.Effect<SigningKey, UnsupportedSigningKey> =>
  Effect.try({
    try: () => createPrivateKey(pem),
    catch: () => new UnsupportedSigningKey({ message: "JWT_PRIVATE_KEY is not a PEM private key" })
  }).pipe(
    Effect.flatMap((privateKey) => {
      const publicKey = createPublicKey(privateKey)
      if (privateKey.asymmetricKeyType === "ed25519") {
        return Effect.succeed<SigningKey>({ algorithm: "EdDSA", privateKey, publicKey })
      }
      if (privateKey.asymmetricKeyType === "ec" && privateKey.asymmetricKeyDetails?.namedCurve === "prime256v1") {
        return Effect.succeed<SigningKey>({ algorithm: "ES256", privateKey, publicKey })
      }
      return Effect.fail(new UnsupportedSigningKey({
        message: `JWT_PRIVATE_KEY must be an Ed25519 or P-256 key, not ${privateKey.asymmetricKeyType ?? "unknown"}`
      }))
    })
  )

export const generateSigningKeyPem = (): string =>
  generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString()

const decodeClaims = Schema.decodeUnknownEffect(AccessTokenClaims)

/** Verified tokens remembered per instance: ~0.5 KB each, so about 10 MB at most. */
export const VERIFIED_TOKENS_CAPACITY = 20_000

export const makeJoseAccessTokenSigner = (key: SigningKey, options: { readonly issuer: string; readonly audience: string }) => {
  const verifiedTokens = makeBoundedCache<AccessTokenClaims>(VERIFIED_TOKENS_CAPACITY)
  return AccessTokenSigner.of({
    sign: (claims) =>
      Effect.promise(() =>
        new SignJWT({ ...claims })
          .setProtectedHeader({ alg: key.algorithm, typ: ACCESS_TOKEN_TYPE })
          .sign(key.privateKey)
      ),
    verify: (token) =>
      Effect.gen(function*() {
        const now = yield* currentTime
        const known = verifiedTokens.get(token, now.getTime())
        if (known !== undefined) {
          return areAccessTokenTimesValid(known, now) ? known : yield* new Unauthorized()
        }
        const verified = yield* Effect.tryPromise({
          try: () =>
            jwtVerify(token, key.publicKey, {
              algorithms: [key.algorithm],
              issuer: options.issuer,
              audience: options.audience,
              typ: ACCESS_TOKEN_TYPE,
              requiredClaims: REQUIRED_CLAIMS,
              currentDate: now
            }),
          catch: () => new Unauthorized()
        })
        const claims = yield* decodeClaims(verified.payload).pipe(Effect.mapError(() => new Unauthorized()))
        if (!areAccessTokenTimesValid(claims, now)) return yield* new Unauthorized()
        verifiedTokens.set(token, claims, claims.exp * MILLIS_PER_SECOND)
        return claims
      })
  })
}

export interface JoseAccessTokenSignerOptions {
  /** JWT_PRIVATE_KEY; none → the key kept by ServerSecrets (generated by the first instance). */
  readonly privateKeyPem: Option.Option<Redacted.Redacted>
}

export const layer = (options: JoseAccessTokenSignerOptions) =>
  Layer.effect(
    AccessTokenSigner,
    Effect.gen(function*() {
      const settings = yield* AccountSettings
      const pem = Option.isSome(options.privateKeyPem)
        ? Redacted.value(options.privateKeyPem.value)
        : yield* (yield* ServerSecrets).getOrCreate(SIGNING_KEY_SECRET, Effect.sync(generateSigningKeyPem))
      const key = yield* signingKeyFromPem(pem)
      return makeJoseAccessTokenSigner(key, { issuer: settings.issuer, audience: settings.audience })
    })
  )
