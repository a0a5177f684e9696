/**
 * The login use case over in-memory stores with a recording password hasher: an unknown email
 * and a password-less customer cost exactly one verification (against the dummy hash, `null`),
 * like a wrong password, and all three fail alike; a failed attempt is counted, a successful one
 * is taken back.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer, Option } from "effect"
import { PasswordHasher } from "../../application/auth/password-hasher.ts"
import { AccountsService } from "../../application/auth/accounts-service.ts"
import type { LoginRequest } from "../../application/auth/log-in.ts"
import { RateLimiter } from "../../application/auth/rate-limiter.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { accountSecurity, memoryAccountStores } from "../../config/account-stores.ts"
import { RATE_LIMIT_RULES } from "../../domain/auth/rate-limit.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { sampleCustomer } from "../adapters/customer-repository-contract.ts"

const verifications: Array<string | null> = []
const recordingHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.succeed(`plain:${password}`),
  verify: (storedHash, candidate) =>
    Effect.sync(() => {
      verifications.push(storedHash)
      return storedHash === `plain:${candidate}`
    })
})

// the recording hasher comes last, so it replaces the argon2 one of accountSecurity
const services = AccountsService.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(accountSecurity({ jwtPrivateKey: Option.none() }), recordingHasher)),
  Layer.provideMerge(Layer.mergeAll(memoryAccountStores({ notificationsFile: Option.none() }), CryptoIdGenerator.layer))
)

const logIn = (request: LoginRequest, clientIp: string) =>
  Effect.flatMap(AccountsService, (accounts) => accounts.logIn(request, clientIp))

const ip = "192.0.2.10"

describe("log in", () => {
  it.live("unknown email, password-less customer and wrong password each verify one hash and fail alike", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const registered = sampleCustomer({ passwordHash: "plain:right-password" })
      const passwordless = sampleCustomer({ passwordHash: null, registeredAt: null })
      yield* customers.insert(registered)
      yield* customers.insert(passwordless)
      verifications.length = 0
      const unknown = yield* Effect.flip(logIn({ email: parseEmail("nobody@example.com")!, password: "x" }, ip))
      const noPassword = yield* Effect.flip(logIn({ email: passwordless.email!, password: "x" }, ip))
      const wrong = yield* Effect.flip(logIn({ email: registered.email!, password: "wrong" }, ip))
      expect([unknown._tag, noPassword._tag, wrong._tag]).toEqual(["InvalidCredentials", "InvalidCredentials", "InvalidCredentials"])
      expect(verifications).toEqual([null, null, "plain:right-password"])
      const ok = yield* logIn({ email: registered.email!, password: "right-password" }, ip)
      expect(ok.customerId).toBe(registered.id)
    }).pipe(Effect.provide(services)))

  // it.effect runs on the test clock, whose sleeps never end by themselves: the refusal of the
  // 11th attempt, with no other attempt in flight, must come without waiting
  it.effect("failures count against the email; a success is taken back; a refusal does not wait", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const customer = sampleCustomer({ passwordHash: "plain:right-password" })
      yield* customers.insert(customer)
      const email = customer.email!
      for (let i = 0; i < 9; i++) yield* Effect.flip(logIn({ email, password: "wrong" }, ip))
      yield* logIn({ email, password: "right-password" }, ip)
      // 9 failures counted (the success was released): one more failure is still answered...
      expect((yield* Effect.flip(logIn({ email, password: "wrong" }, ip)))._tag).toBe("InvalidCredentials")
      // ...and the 11th attempt is refused before any password is checked
      verifications.length = 0
      const limited = yield* Effect.flip(logIn({ email, password: "right-password" }, ip))
      expect(limited._tag).toBe("RateLimited")
      expect(verifications).toEqual([])
      const attempt = yield* (yield* RateLimiter).consume([{ rule: RATE_LIMIT_RULES.loginFailuresPerEmail, scopeValue: email }], new Date(yield* Clock.currentTimeMillis))
      expect(attempt._tag).toBe("Limited")
    }).pipe(Effect.provide(services)))
})
