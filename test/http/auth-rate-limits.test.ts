/**
 * The rate limits of docs/contract/accounts.md through the real server, on memory, PGlite and PostgreSQL:
 * 429 rate_limited with Retry-After for failed logins per email (10 / 15 min) and per client
 * IP (100 / 15 min), OTP sends per destination (1 / 60 s, 5 / hour) and per IP (30 / hour),
 * registrations per IP (20 / hour); and without TRUST_PROXY, X-Forwarded-For cannot dodge them.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import {
  accountTestEngines,
  eventually,
  expectAuthResult,
  freshEmail,
  freshIp,
  notificationsTo,
  post
} from "../support/account-http.ts"
import { registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"

const expectRateLimited = (
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: unknown },
  maxSeconds: number
) => {
  expectProblem(response, 429, "rate_limited")
  const retryAfter = Number(response.headers["retry-after"])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  expect(response.body).toMatchObject({ retryAfterSeconds: retryAfter })
}

serverSuites(accountTestEngines(), "rate limits", (it, engine) => {
  describe("login", () => {
    it.effect("10 failed logins per email in 15 minutes, then 429 even with the right password, until the window moves", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        for (let i = 0; i < 10; i++) {
          expectProblem(yield* post("/auth/login", { email, password: `wrong-${i}` }, { ip: freshIp() }), 401, "invalid_credentials")
        }
        expectRateLimited(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 900)
        yield* engine.clock.advance("15 minutes")
        yield* accountRoutes.login(email, STRONG_PASSWORD)
      }))

    it.effect("20 parallel logins with the right password all succeed: only failures are counted", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const responses = yield* Effect.forEach(
          Array.from({ length: 20 }, () => freshIp()),
          (ip) => post("/auth/login", { email, password: STRONG_PASSWORD }, { ip }),
          { concurrency: "unbounded" }
        )
        expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200))
      }), { timeout: 60_000 })

    it.effect("30 parallel wrong guesses get at most 10 answers; the rest, and then the right password, are 429", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const responses = yield* Effect.forEach(
          Array.from({ length: 30 }, (_, i) => i),
          (i) => post("/auth/login", { email, password: `guess-${i}` }, { ip: freshIp() }),
          { concurrency: "unbounded" }
        )
        const statuses = responses.map((response) => response.status)
        expect(statuses.filter((status) => status === 401).length).toBe(10)
        expect(statuses.filter((status) => status === 429).length).toBe(20)
        expectRateLimited(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 900)
      }), { timeout: 60_000 })

    it.effect("100 failed logins per client IP in 15 minutes, across emails", () =>
      Effect.gen(function*() {
        const ip = freshIp()
        const emails = Array.from({ length: 10 }, () => freshEmail("spray"))
        for (const email of emails) {
          for (let i = 0; i < 10; i++) {
            const response = yield* post("/auth/login", { email, password: "wrong-password" }, { ip })
            expect(response.status).toBe(401)
          }
        }
        expectRateLimited(yield* post("/auth/login", { email: freshEmail("fresh"), password: "wrong-password" }, { ip }), 900)
        // another client is not affected
        expect((yield* post("/auth/login", { email: freshEmail("fresh"), password: "wrong-password" }, { ip: freshIp() })).status).toBe(401)
      }), { timeout: 120_000 })
  })

  describe("one-time codes", () => {
    it.effect("1 per 60 s and 5 per hour per destination, whether or not it belongs to a customer", () =>
      Effect.gen(function*() {
        for (const email of [(yield* registerCustomer()).email, freshEmail("nobody")]) {
          const request = () => post("/auth/otp/request", { channel: "email", email, purpose: "login" }, { ip: freshIp() })
          expect((yield* request()).status).toBe(202)
          expectRateLimited(yield* request(), 60)
          for (let i = 0; i < 4; i++) {
            yield* engine.clock.advance("61 seconds")
            expect((yield* request()).status).toBe(202)
          }
          yield* engine.clock.advance("61 seconds")
          expectRateLimited(yield* request(), 3600)
          yield* engine.clock.advance("1 hour")
          expect((yield* request()).status).toBe(202)
        }
      }))

    it.effect("10 parallel forgot-password requests send one reset email; the other 9 are 429", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const responses = yield* Effect.forEach(
          Array.from({ length: 10 }, () => freshIp()),
          (ip) => post("/auth/forgot-password", { email }, { ip }),
          { concurrency: "unbounded" }
        )
        const statuses = responses.map((response) => response.status)
        expect(statuses.filter((status) => status === 202)).toHaveLength(1)
        expect(statuses.filter((status) => status === 429)).toHaveLength(9)
        yield* eventually(() => notificationsTo(engine.notificationsFile, email).length > 0, "the reset email")
        expect(notificationsTo(engine.notificationsFile, email).filter((line) => line.purpose === "reset_password")).toHaveLength(1)
      }), { timeout: 60_000 })

    it.effect("30 per hour per client IP, and forgot-password counts as a send", () =>
      Effect.gen(function*() {
        const ip = freshIp()
        for (let i = 0; i < 29; i++) {
          const response = yield* post("/auth/otp/request", { channel: "email", email: freshEmail("ip"), purpose: "login" }, { ip })
          expect(response.status).toBe(202)
        }
        expect((yield* post("/auth/forgot-password", { email: freshEmail("ip") }, { ip })).status).toBe(202)
        expectRateLimited(yield* post("/auth/otp/request", { channel: "email", email: freshEmail("ip"), purpose: "login" }, { ip }), 3600)
        expectRateLimited(yield* post("/auth/forgot-password", { email: freshEmail("ip") }, { ip }), 3600)
      }))
  })

  describe("registrations", () => {
    it.effect("20 per hour per client IP", () =>
      Effect.gen(function*() {
        const ip = freshIp()
        const { email } = yield* registerCustomer()
        // attempts count whatever their outcome (these are cheap 409s)
        for (let i = 0; i < 20; i++) {
          expectProblem(yield* post("/auth/register", { name: "Dup", email, password: STRONG_PASSWORD }, { ip }), 409, "email_already_registered")
        }
        expectRateLimited(yield* post("/auth/register", { name: "New", email: freshEmail(), password: STRONG_PASSWORD }, { ip }), 3600)
        expectAuthResult(yield* post("/auth/register", { name: "New", email: freshEmail(), password: STRONG_PASSWORD }, { ip: freshIp() }), 201)
      }))
  })
})

const [memory] = accountTestEngines({ trustedProxyHops: 0 })
layer(testServer(memory!.stores), { excludeTestServices: true })("rate limits without TRUST_PROXY", (it) => {
  it.effect("X-Forwarded-For is ignored: changing it does not dodge the per-IP limit", () =>
    Effect.gen(function*() {
      const { email } = yield* registerCustomer() // the socket's first registration
      for (let i = 0; i < 19; i++) {
        // a different forged client address each time; all come from the same socket
        const response = yield* post("/auth/register", { name: "Dup", email, password: STRONG_PASSWORD }, { ip: freshIp() })
        expect(response.status).toBe(409)
      }
      expectRateLimited(yield* post("/auth/register", { name: "New", email: freshEmail(), password: STRONG_PASSWORD }, { ip: freshIp() }), 3600)
    }))
})
