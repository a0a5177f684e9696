/**
 * The account side of the composition root: the stores of customer accounts (on the SQL
 * adapter or in memory) and the security adapters (argon2id, jose, HMAC, CSPRNG, the common
 * password list). The security layer reads AccountSettings and keeps its generated keys in
 * ServerSecrets, so it goes above the stores.
 */
import { Effect, Layer, Option, type Redacted } from "effect"
import { defaultSessionCacheOptions } from "../adapters/caching/caching-session-repository.ts"
import * as CachingSessionRepository from "../adapters/caching/caching-session-repository.ts"
import * as MemoryAddressBook from "../adapters/memory/memory-address-book.ts"
import * as MemoryCustomerRepository from "../adapters/memory/memory-customer-repository.ts"
import * as MemoryEventOutbox from "../adapters/memory/memory-event-outbox.ts"
import * as MemoryNotificationOutbox from "../adapters/memory/memory-notification-outbox.ts"
import * as MemoryRateLimiter from "../adapters/memory/memory-rate-limiter.ts"
import * as MemoryResetTokenRepository from "../adapters/memory/memory-reset-token-repository.ts"
import * as MemoryServerSecrets from "../adapters/memory/memory-server-secrets.ts"
import * as MemorySessionRepository from "../adapters/memory/memory-session-repository.ts"
import * as MemoryTransactions from "../adapters/memory/memory-transactions.ts"
import * as MemoryVerificationRepository from "../adapters/memory/memory-verification-repository.ts"
import * as PostgresAddressBook from "../adapters/postgres/postgres-address-book.ts"
import * as PostgresCustomerRepository from "../adapters/postgres/postgres-customer-repository.ts"
import { type EventRendering } from "../adapters/postgres/postgres-event-outbox.ts"
import * as PostgresEventOutbox from "../adapters/postgres/postgres-event-outbox.ts"
import * as PostgresNotificationOutbox from "../adapters/postgres/postgres-notification-outbox.ts"
import * as PostgresRateLimiter from "../adapters/postgres/postgres-rate-limiter.ts"
import * as PostgresResetTokenRepository from "../adapters/postgres/postgres-reset-token-repository.ts"
import * as PostgresServerSecrets from "../adapters/postgres/postgres-server-secrets.ts"
import { makePostgresSessionRevocationFeed } from "../adapters/postgres/postgres-session-revocation-feed.ts"
import * as PostgresSessionRepository from "../adapters/postgres/postgres-session-repository.ts"
import * as PostgresTransactions from "../adapters/postgres/postgres-transactions.ts"
import * as PostgresVerificationRepository from "../adapters/postgres/postgres-verification-repository.ts"
import * as Argon2PasswordHasher from "../adapters/security/argon2-password-hasher.ts"
import * as CryptoSecureRandom from "../adapters/security/crypto-secure-random.ts"
import * as HmacTokenHasher from "../adapters/security/hmac-token-hasher.ts"
import * as JoseAccessTokenSigner from "../adapters/security/jose-access-token-signer.ts"
import * as ZxcvbnCommonPasswords from "../adapters/security/zxcvbn-common-passwords.ts"
import { ClientIpPolicy } from "../adapters/http/request/client-ip.ts"
import { AccountSettings } from "../application/auth/account-settings.ts"
import { defaultAuthLifetimes } from "../domain/auth/lifetimes.ts"
import type { VerificationChannel } from "../domain/auth/verification.ts"
import { type AppConfig, resetUrlBase } from "./app-config.ts"

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
      (feed) => CachingSessionRepository.layer(defaultSessionCacheOptions(Option.some(feed)))
    ))
    : CachingSessionRepository.layer(defaultSessionCacheOptions(Option.none()))).pipe(Layer.provide(PostgresSessionRepository.layer))

/** Every account store on the SQL adapter (needs the SqlClient, and the PgClient for a shared database). */
export const postgresAccountStores = (options: PostgresAccountStoreOptions) =>
  Layer.mergeAll(
    PostgresCustomerRepository.layer,
    PostgresAddressBook.layer,
    cachedPostgresSessions(options.sharedDatabase),
    PostgresVerificationRepository.layer,
    PostgresResetTokenRepository.layer,
    PostgresRateLimiter.layer,
    PostgresNotificationOutbox.layer(options.notificationsFile, options.consoleChannels ?? []),
    PostgresEventOutbox.layer(options.events ?? { endpoints: [], render: () => null }),
    PostgresServerSecrets.layer,
    PostgresTransactions.layer
  )

/** Every account store in memory (tests, library users). */
export const memoryAccountStores = (options: AccountStoreOptions) =>
  Layer.mergeAll(
    MemoryCustomerRepository.layer,
    MemoryAddressBook.layer,
    MemorySessionRepository.layer,
    MemoryVerificationRepository.layer,
    MemoryResetTokenRepository.layer,
    MemoryRateLimiter.layer,
    MemoryNotificationOutbox.layer(options.notificationsFile),
    MemoryEventOutbox.layer,
    MemoryServerSecrets.layer,
    MemoryTransactions.layer
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
    Argon2PasswordHasher.layer(options.maxConcurrentHashes === undefined ? {} : { maxConcurrentHashes: options.maxConcurrentHashes }),
    JoseAccessTokenSigner.layer({ privateKeyPem: options.jwtPrivateKey }),
    HmacTokenHasher.layer,
    CryptoSecureRandom.layer,
    ZxcvbnCommonPasswords.layer
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
      resetUrlBase: resetUrlBase(settings)
    }),
    Layer.succeed(ClientIpPolicy, { trustedProxyHops: settings.trustProxy })
  )
