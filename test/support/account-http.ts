/**
 * Account-side helpers for HTTP tests: the stores of an account test server (SQL adapters over
 * a test engine, or memory), with a NOTIFICATIONS_FILE to read codes and links from, settings
 * of the test's choosing, one trusted proxy hop (so each test picks its client IP with
 * X-Forwarded-For) and a clock the test can move forward; plus request helpers.
 */
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Clock, Duration, Effect, Layer, Option } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as PostgresCouponRepository from "../../adapters/postgres/postgres-coupon-repository.ts"
import * as MemoryStoreHealth from "../../adapters/memory/memory-store-health.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { AccountSettings, type AccountSettingsShape, defaultAccountSettings } from "../../application/auth/account-settings.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { memoryAccountStores, postgresAccountStores } from "../../config/account-stores.ts"
import { type NormalisedEmail, parseEmail } from "../../domain/customer/email.ts"
import { CanonicalPhone, parsePhone } from "../../domain/customer/phone.ts"
import { catalogFixture, FIXTURE_KEYS } from "./catalog-fixture.ts"
import { freshIp } from "./process-http.ts"
import { seededPostgresStores } from "./seeded-stores.ts"
import { isSharedDatabase, type TestEngine, testEngines } from "./test-database.ts"
import { type Caller, storeClient, storeRequest } from "./store-http.ts"

export const KEY = FIXTURE_KEYS.shopA
export const RESET_URL_BASE = "https://shop.example.com/reset-password"

/** Wall-clock time plus an offset the test moves forward (sleeps still take real time). */
export const makeShiftedClock = () => {
  let offsetMillis = 0
  const layer = Layer.effect(
    Clock.Clock,
    Effect.map(Clock.Clock, (base): Clock.Clock => ({
      currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe() + offsetMillis,
      currentTimeMillis: Effect.sync(() => base.currentTimeMillisUnsafe() + offsetMillis),
      currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n,
      currentTimeNanos: Effect.sync(() => base.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: base.monotonicTimeNanos,
      sleep: (duration) => base.sleep(duration)
    }))
  )
  return {
    layer,
    advance: (duration: Duration.Input) => Effect.sync(() => void (offsetMillis += Duration.toMillis(Duration.fromInputUnsafe(duration))))
  }
}

export interface AccountTestOptions {
  readonly settings?: Partial<AccountSettingsShape> & { readonly lifetimes?: Partial<AccountSettingsShape["lifetimes"]> }
  /** TRUST_PROXY; 1 by default so a test chooses its client IP with X-Forwarded-For. */
  readonly trustedProxyHops?: number
}

const settingsLayer = (options: AccountTestOptions) =>
  Layer.mergeAll(
    Layer.succeed(AccountSettings, {
      ...defaultAccountSettings,
      resetUrlBase: RESET_URL_BASE,
      ...options.settings,
      lifetimes: { ...defaultAccountSettings.lifetimes, ...options.settings?.lifetimes }
    }),
    Layer.succeed(ClientIpPolicy, { trustedProxyHops: options.trustedProxyHops ?? 1 })
  )

const notificationsFileFor = (name: string) =>
  join(mkdtempSync(join(tmpdir(), `storefront-${name}-`)), "notifications.jsonl")

/** The fixture catalog and every account store on the SQL adapter over `engine`. */
export const postgresAccountTestStores = (engine: TestEngine, options: AccountTestOptions = {}) => {
  const notificationsFile = notificationsFileFor("sql")
  const clock = makeShiftedClock()
  // coupons as the memory variant has them: its catalog store serves the imported ones
  const stores = Layer.mergeAll(
    postgresAccountStores({ notificationsFile: Option.some(notificationsFile), sharedDatabase: isSharedDatabase(engine) }),
    PostgresCouponRepository.layer
  ).pipe(
    Layer.provideMerge(seededPostgresStores(engine.layer, catalogFixture())),
    Layer.provideMerge(settingsLayer(options)),
    Layer.provideMerge(clock.layer)
  )
  return { notificationsFile, clock, stores }
}

/** The fixture catalog and every account store in memory. */
export const memoryAccountTestStores = (options: AccountTestOptions = {}) => {
  const notificationsFile = notificationsFileFor("memory")
  const clock = makeShiftedClock()
  // the catalog store writes the document's customers to the account stores' CustomerRepository
  const stores = Layer.effectDiscard(Effect.orDie(importCatalog(catalogFixture()))).pipe(
    Layer.provideMerge(Layer.mergeAll(MemoryCatalogStore.layer, MemoryStoreHealth.layer)),
    Layer.provideMerge(memoryAccountStores({ notificationsFile: Option.some(notificationsFile) })),
    Layer.provideMerge(CryptoIdGenerator.layer),
    Layer.provideMerge(settingsLayer(options)),
    Layer.provideMerge(clock.layer)
  )
  return { notificationsFile, clock, stores }
}

/** Account test stores on memory and on every SQL test engine. */
export const accountTestEngines = (options: AccountTestOptions = {}) => [
  { name: "memory", ...memoryAccountTestStores(options) },
  ...testEngines().map((engine) => ({ name: engine.name, ...postgresAccountTestStores(engine, options) }))
]

let sequence = 0
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`

/** A fresh client IP (sent as X-Forwarded-For through the trusted proxy hop). */
export { freshIp }
export const freshEmail = (local = "user") => `${local}-${unique()}@example.com`
export const freshPhone = (): CanonicalPhone => CanonicalPhone.make(`+8801${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`)
export const STRONG_PASSWORD = "violet-harbour-lantern"

export const post = (path: string, body: unknown, caller: Caller = {}) => storeRequest("POST", path, body, caller)

export const getMe = (accessToken: string | undefined) =>
  storeRequest("GET", "/customers/me", undefined, accessToken === undefined ? {} : { accessToken })

export const patchMe = (accessToken: string, body: unknown) => storeRequest("PATCH", "/customers/me", body, { accessToken })

export interface AuthResultBody {
  readonly customerId: string
  readonly tokens: { readonly accessToken: string; readonly refreshToken: string; readonly expiresIn: number }
}

/** What an AuthResult body equals (as expect.toEqual matchers). */
export const authResultShape = () => ({
  customerId: expect.stringMatching(/^cus_/),
  tokens: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: expect.any(Number) }
})

export const expectAuthResult = (response: { readonly status: number; readonly body: unknown }, status = 200) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  const body = response.body as AuthResultBody
  expect(body).toEqual(authResultShape())
  return body
}

/** The email as the typed client's payloads take it; it must be normalised already, so the bytes sent are the given ones. */
export const normalised = (email: string): NormalisedEmail => {
  const parsed = parseEmail(email)
  if (parsed !== email) throw new Error(`not a normalised email: ${email}`)
  return parsed
}

/** The phone as the typed client's payloads take it: already canonical, so the bytes sent are the given ones. */
export const canonical = (phone: string): CanonicalPhone => {
  const parsed = parsePhone(phone)
  if (parsed !== phone) throw new Error(`not a canonical phone: ${phone}`)
  return parsed
}

/** Registers a new customer (fresh email and IP unless given) through the typed client and returns the AuthResult. */
export const registerCustomer = (fields: { email?: string; password?: string; name?: string; phone?: string } = {}) =>
  Effect.gen(function*() {
    const email = fields.email ?? freshEmail()
    const client = yield* storeClient({ key: KEY, ip: freshIp() })
    const [result, response] = yield* client.auth.register({
      payload: {
        name: fields.name ?? "Test Customer",
        email: normalised(email),
        password: fields.password ?? STRONG_PASSWORD,
        ...(fields.phone === undefined ? {} : { phone: canonical(fields.phone) })
      },
      responseMode: "decoded-and-response"
    })
    expect(response.status).toBe(201)
    expect(result).toEqual(authResultShape())
    return { email, ...result }
  })

export interface NotificationLine {
  readonly channel: string
  readonly to: string
  readonly purpose: string
  readonly code?: string
  readonly link?: string
  readonly token?: string
  readonly createdAt: string
}

export const notificationsTo = (file: string, to: string): ReadonlyArray<NotificationLine> => {
  let text = ""
  try {
    text = readFileSync(file, "utf8")
  } catch {
    return []
  }
  return text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as NotificationLine)
    .filter((line) => line.to === to)
}

/** The newest notification to `to` (the mirror is appended after commit, which precedes the response). */
export const lastNotificationTo = (file: string, to: string): NotificationLine => {
  const lines = notificationsTo(file, to)
  const last = lines[lines.length - 1]
  if (last === undefined) throw new Error(`no notification to ${to}`)
  return last
}

/** Waits (real time, up to 10 s) until `condition` holds: for what the service does after answering. */
export const eventually = (condition: () => boolean, what: string) =>
  Effect.gen(function*() {
    const deadline = Date.now() + 10_000
    while (!condition()) {
      if (Date.now() > deadline) return yield* Effect.die(new Error(`still not so after 10 s: ${what}`))
      yield* Effect.sleep("20 millis")
    }
  })
