/**
 * The account side of the composition root: the stores of customer accounts (on the SQL
 * adapter or in memory) and the security adapters (argon2id, jose, HMAC, CSPRNG, the common
 * password list). The security layer reads AccountSettings and keeps its generated keys in
 * ServerSecrets, so it goes above the stores.
 */
import { Effect, Layer, Option, type Redacted } from "effect"
import { cachingSessionRepository, defaultSessionCacheOptions } from "../adapters/caching/caching-session-repository.ts"
import { MemoryAddressBook } from "../adapters/memory/memory-address-book.ts"
import { MemoryCustomerRepository } from "../adapters/memory/memory-customer-repository.ts"
import { MemoryEventOutbox } from "../adapters/memory/memory-event-outbox.ts"
import { memoryNotificationOutboxLayer } from "../adapters/memory/memory-notification-outbox.ts"
import { MemoryRateLimiter } from "../adapters/memory/memory-rate-limiter.ts"
import { MemoryResetTokenRepository } from "../adapters/memory/memory-reset-token-repository.ts"
import { MemoryServerSecrets } from "../adapters/memory/memory-server-secrets.ts"
import { MemorySessionRepository } from "../adapters/memory/memory-session-repository.ts"
import { MemoryTransactions } from "../adapters/memory/memory-transactions.ts"
import { MemoryVerificationRepository } from "../adapters/memory/memory-verification-repository.ts"
import { PostgresAddressBook } from "../adapters/postgres/postgres-address-book.ts"
import { PostgresCustomerRepository } from "../adapters/postgres/postgres-customer-repository.ts"
import { type EventRendering, postgresEventOutboxLayer } from "../adapters/postgres/postgres-event-outbox.ts"
import { postgresNotificationOutboxLayer } from "../adapters/postgres/postgres-notification-outbox.ts"
import { PostgresRateLimiter } from "../adapters/postgres/postgres-rate-limiter.ts"
import { PostgresResetTokenRepository } from "../adapters/postgres/postgres-reset-token-repository.ts"
import { PostgresServerSecrets } from "../adapters/postgres/postgres-server-secrets.ts"
import { makePostgresSessionRevocationFeed } from "../adapters/postgres/postgres-session-revocation-feed.ts"
import { PostgresSessionRepository } from "../adapters/postgres/postgres-session-repository.ts"
import { PostgresTransactions } from "../adapters/postgres/postgres-transactions.ts"
import { PostgresVerificationRepository } from "../adapters/postgres/postgres-verification-repository.ts"
import { argon2PasswordHasherLayer } from "../adapters/security/argon2-password-hasher.ts"
import { CryptoSecureRandom } from "../adapters/security/crypto-secure-random.ts"
import { HmacTokenHasher } from "../adapters/security/hmac-token-hasher.ts"
import { joseAccessTokenSignerLayer } from "../adapters/security/jose-access-token-signer.ts"
import { ZxcvbnCommonPasswordsLive } from "../adapters/security/zxcvbn-common-passwords.ts"
import { ClientIpPolicy } from "../adapters/http/request/client-ip.ts"
import { AccountSettings } from "../application/auth/account-settings.ts"
import { defaultAuthLifetimes } from "../domain/auth/lifetimes.ts"
import type { VerificationChannel } from "../domain/auth/verification.ts"
import type { AppConfig } from "./app-config.ts"

export interface AccountStoreOptions {
  /** NOTIFICATIONS_FILE: also append every committed notification there. */
  readonly notificationsFile: Option.Option<string>
}

export interface PostgresAccountStoreOptions extends AccountStoreOptions {
  /**
   * Whether other instances may share the database (PostgreSQL; the embedded database belongs to
   * this process alone). Then their session revocations reach this instance's session cache
   * through LISTEN/NOTIFY, which holds one pooled connection.
   */
  readonly sharedDatabase: boolean
  /** Also log every committed code and reset link of these channels (the demo's channels without a gateway). */
  readonly consoleChannels?: ReadonlyArray<VerificationChannel>
  /** The back-office webhook endpoints and how events render; none: events are not written. */
  readonly events?: EventRendering
}

/** Sessions on the SQL adapter, behind the cache that spares the bearer check a round trip. */
const cachedPostgresSessions = (sharedDatabase: boolean) =>
  (sharedDatabase
    ? Layer.unwrap(Effect.map(
      makePostgresSessionRevocationFeed,
      (feed) => cachingSessionRepository(defaultSessionCacheOptions(Option.some(feed)))
    ))
    : cachingSessionRepository(defaultSessionCacheOptions(Option.none()))).pipe(Layer.provide(PostgresSessionRepository))

/** Every account store on the SQL adapter (needs the SqlClient, and the PgClient for a shared database). */
export const postgresAccountStores = (options: PostgresAccountStoreOptions) =>
  Layer.mergeAll(
    PostgresCustomerRepository,
    PostgresAddressBook,
    cachedPostgresSessions(options.sharedDatabase),
    PostgresVerificationRepository,
    PostgresResetTokenRepository,
    PostgresRateLimiter,
    postgresNotificationOutboxLayer(options.notificationsFile, options.consoleChannels ?? []),
    postgresEventOutboxLayer(options.events ?? { endpoints: [], render: () => null }),
    PostgresServerSecrets,
    PostgresTransactions
  )

/** Every account store in memory (tests, library users). */
export const memoryAccountStores = (options: AccountStoreOptions) =>
  Layer.mergeAll(
    MemoryCustomerRepository,
    MemoryAddressBook,
    MemorySessionRepository,
    MemoryVerificationRepository,
    MemoryResetTokenRepository,
    MemoryRateLimiter,
    memoryNotificationOutboxLayer(options.notificationsFile),
    MemoryEventOutbox,
    MemoryServerSecrets,
    MemoryTransactions
  )

export interface AccountSecurityOptions {
  /** JWT_PRIVATE_KEY; none → a key generated once and kept by ServerSecrets. */
  readonly jwtPrivateKey: Option.Option<Redacted.Redacted>
  /** Cap on concurrent argon2id hashes (default: half the cores, at least one). */
  readonly maxConcurrentHashes?: number
}

/** The security adapters; they need ServerSecrets (for generated keys). */
export const accountSecurity = (options: AccountSecurityOptions) =>
  Layer.mergeAll(
    argon2PasswordHasherLayer(options.maxConcurrentHashes === undefined ? {} : { maxConcurrentHashes: options.maxConcurrentHashes }),
    joseAccessTokenSignerLayer({ privateKeyPem: options.jwtPrivateKey }),
    HmacTokenHasher,
    CryptoSecureRandom,
    ZxcvbnCommonPasswordsLive
  )

/** AccountSettings and the client-IP policy from the validated environment. */
export const accountConfiguration = (settings: AppConfig) =>
  Layer.mergeAll(
    Layer.succeed(AccountSettings, {
      lifetimes: {
        ...defaultAuthLifetimes,
        accessTokenSeconds: settings.accessTokenTtlSeconds,
        refreshTokenIdleDays: settings.refreshTokenIdleDays,
        refreshTokenMaxDays: settings.refreshTokenMaxDays,
        otpSeconds: settings.otpTtlSeconds,
        resetTokenSeconds: settings.resetTokenTtlSeconds
      },
      issuer: settings.jwtIssuer,
      audience: settings.jwtAudience,
      resetUrlBase: settings.resetUrlBase
    }),
    Layer.succeed(ClientIpPolicy, { trustedProxyHops: settings.trustProxy })
  )
