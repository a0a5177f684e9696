/**
 * One-time codes through the real server, on memory, PGlite and PostgreSQL: request and verify
 * for every purpose, no enumeration (unknown destinations look the same and receive nothing),
 * single use, 5 wrong codes kill a verification, a new request voids the old code, contact
 * verification needs the owner's bearer token, and bad requests are 400.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { accountTestEngines, expectAuthResult, freshEmail, freshIp, freshPhone } from "../support/account-http.ts"
import { lastNotificationTo, notificationsTo, patchMe, post, registerCustomer } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"
import { CustomerId } from "../../domain/shared/ids.ts"

interface OtpRequested {
  readonly verificationId: string
  readonly expiresAt: string
}

serverSuites(accountTestEngines(), "one-time codes", (it, engine) => {
const requestCode = (body: Record<string, unknown>, accessToken?: string) =>
  Effect.gen(function*() {
    const response = yield* post("/auth/otp/request", body, {
      ip: freshIp(),
      ...(accessToken === undefined ? {} : { accessToken })
    })
    expect(response.status, JSON.stringify(response.body)).toBe(202)
    return response.body as OtpRequested
  })
const verify = (verificationId: string, code: string, accessToken?: string) =>
  post("/auth/otp/verify", { verificationId, code }, accessToken === undefined ? {} : { accessToken })
const codeFor = (to: string) => lastNotificationTo(engine.notificationsFile, to).code!
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

  describe("login codes", () => {
    it.effect("email: 202 {verificationId, expiresAt}, the code is sent, verify → AuthResult and the email is verified", () =>
      Effect.gen(function*() {
        const { email, customerId } = yield* registerCustomer()
        const before = Date.now()
        const requested = yield* requestCode({ channel: "email", email: email.toUpperCase(), purpose: "login" })
        expect(requested.verificationId).toMatch(/^ver_[a-z2-7]{26}$/) // 128 random bits
        const expiresIn = Date.parse(requested.expiresAt) - before
        expect(expiresIn).toBeGreaterThan(590_000)
        expect(expiresIn).toBeLessThanOrEqual(601_000)
        const sent = lastNotificationTo(engine.notificationsFile, email)
        expect(sent).toEqual({ channel: "email", to: email, purpose: "login", code: expect.stringMatching(/^\d{6}$/), createdAt: expect.any(String) })
        const result = expectAuthResult(yield* verify(requested.verificationId, sent.code!))
        expect(result.customerId).toBe(customerId)
        expect(yield* accountRoutes.profile(result.tokens.accessToken)).toMatchObject({ emailVerified: true })
        // single use
        expectProblem(yield* verify(requested.verificationId, sent.code!), 404, "verification_not_found")
      }))

    it.effect("sms to a password-less (chat) customer's phone signs them in and verifies the phone", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const chat = yield* (yield* CustomerRepository).findOrCreatePasswordless(
          { name: "Chat", email: null, phone },
          CustomerId.make(`cus_chat${Date.now().toString(36)}`),
          new Date()
        )
        const requested = yield* requestCode({ channel: "sms", phone, purpose: "login" })
        expect(lastNotificationTo(engine.notificationsFile, phone)).toMatchObject({ channel: "sms", purpose: "login" })
        const result = expectAuthResult(yield* verify(requested.verificationId, codeFor(phone)))
        expect(result.customerId).toBe(chat.id)
        expect(yield* accountRoutes.profile(result.tokens.accessToken)).toMatchObject({ phone, phoneVerified: true, emailVerified: false })
      }))

    it.effect("an unknown destination gets the same 202 and nothing is sent; its verification only ever says invalid_otp", () =>
      Effect.gen(function*() {
        const email = freshEmail("nobody")
        const requested = yield* requestCode({ channel: "email", email, purpose: "login" })
        expect(requested.verificationId).toMatch(/^ver_/)
        expect(notificationsTo(engine.notificationsFile, email)).toEqual([])
        const response = yield* verify(requested.verificationId, "123456")
        expectProblem(response, 400, "invalid_otp")
        expect(response.body).toMatchObject({ attemptsRemaining: 4 })
        const phone = freshPhone()
        yield* requestCode({ channel: "sms", phone, purpose: "reset_password" })
        expect(notificationsTo(engine.notificationsFile, phone)).toEqual([])
      }))

    it.effect("5 wrong codes kill the verification (attemptsRemaining 4..0); then even the right code is 404", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const requested = yield* requestCode({ channel: "email", email, purpose: "login" })
        const code = codeFor(email)
        for (const remaining of [4, 3, 2, 1, 0]) {
          const response = yield* verify(requested.verificationId, otherCode(code))
          expectProblem(response, 400, "invalid_otp")
          expect(response.body).toMatchObject({ attemptsRemaining: remaining })
        }
        expectProblem(yield* verify(requested.verificationId, code), 404, "verification_not_found")
      }))

    it.effect("a new request for the same destination and purpose voids the previous code", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const first = yield* requestCode({ channel: "email", email, purpose: "login" })
        const firstCode = codeFor(email)
        yield* engine.clock.advance("61 seconds") // past the one-per-minute limit
        const second = yield* requestCode({ channel: "email", email, purpose: "login" })
        const secondCode = codeFor(email)
        expectProblem(yield* verify(first.verificationId, firstCode), 404, "verification_not_found")
        expectAuthResult(yield* verify(second.verificationId, secondCode))
      }))

    it.effect("codes expire OTP_TTL_SECONDS after the request", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const requested = yield* requestCode({ channel: "email", email, purpose: "login" })
        yield* engine.clock.advance("601 seconds")
        expectProblem(yield* verify(requested.verificationId, codeFor(email)), 404, "verification_not_found")
      }))

    it.effect("unknown verification ids are 404; a malformed code is 400 and costs no attempt", () =>
      Effect.gen(function*() {
        expectProblem(yield* verify("ver_doesnotexist", "123456"), 404, "verification_not_found")
        const { email } = yield* registerCustomer()
        const requested = yield* requestCode({ channel: "email", email, purpose: "login" })
        expectProblem(yield* verify(requested.verificationId, "12345"), 400, "validation_failed")
        expectProblem(yield* verify(requested.verificationId, "abcdef"), 400, "validation_failed")
        const wrong = yield* verify(requested.verificationId, otherCode(codeFor(email)))
        expect(wrong.body).toMatchObject({ attemptsRemaining: 4 })
      }))

    it.effect("a reset_password code is not taken by /otp/verify (404) and stays usable for the reset", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        yield* registerCustomer({ phone })
        const requested = yield* requestCode({ channel: "sms", phone, purpose: "reset_password" })
        expectProblem(yield* verify(requested.verificationId, codeFor(phone)), 404, "verification_not_found")
        expectAuthResult(yield* post("/auth/reset-password", {
          newPassword: "a-brand-new-passphrase",
          verificationId: requested.verificationId,
          code: codeFor(phone)
        }))
      }))
  })

  describe("contact verification codes", () => {
    it.effect("verify_email: needs the bearer token to request and to verify; then emailVerified is true", () =>
      Effect.gen(function*() {
        const { email, tokens } = yield* registerCustomer()
        expectProblem(yield* post("/auth/otp/request", { channel: "email", email, purpose: "verify_email" }, { ip: freshIp() }), 401, "unauthorized")
        const requested = yield* requestCode({ channel: "email", email, purpose: "verify_email" }, tokens.accessToken)
        const code = codeFor(email)
        expectProblem(yield* verify(requested.verificationId, code), 401, "unauthorized")
        const stranger = yield* registerCustomer()
        expectProblem(yield* verify(requested.verificationId, code, stranger.tokens.accessToken), 404, "verification_not_found")
        const verified = yield* verify(requested.verificationId, code, tokens.accessToken)
        expect(verified.status).toBe(200)
        expect(verified.body).toEqual({ verified: true })
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ emailVerified: true })
      }))

    it.effect("verify_phone marks the phone verified", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const { tokens } = yield* registerCustomer({ phone })
        const requested = yield* requestCode({ channel: "sms", phone, purpose: "verify_phone" }, tokens.accessToken)
        expect((yield* verify(requested.verificationId, codeFor(phone), tokens.accessToken)).body).toEqual({ verified: true })
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ phoneVerified: true })
      }))

    it.effect("a verify_email code for an address that is not the customer's is answered alike but never sent", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const victim = yield* registerCustomer()
        const requested = yield* requestCode({ channel: "email", email: victim.email, purpose: "verify_email" }, tokens.accessToken)
        expect(requested.verificationId).toMatch(/^ver_/)
        expect(notificationsTo(engine.notificationsFile, victim.email).filter((n) => n.purpose === "verify_email")).toEqual([])
      }))

    it.effect("a verify_email code for an email the customer changed since verifies nothing (404)", () =>
      Effect.gen(function*() {
        const { email, tokens } = yield* registerCustomer()
        const requested = yield* requestCode({ channel: "email", email, purpose: "verify_email" }, tokens.accessToken)
        const code = codeFor(email)
        expect((yield* patchMe(tokens.accessToken, { email: freshEmail("moved") })).status).toBe(200)
        expectProblem(yield* verify(requested.verificationId, code, tokens.accessToken), 404, "verification_not_found")
        expect(yield* accountRoutes.profile(tokens.accessToken)).toMatchObject({ emailVerified: false })
      }))

    it.effect("a present but invalid bearer token is 401 even where the token is optional", () =>
      Effect.gen(function*() {
        const response = yield* post("/auth/otp/request", { channel: "email", email: freshEmail(), purpose: "login" }, {
          ip: freshIp(),
          accessToken: "garbage"
        })
        expectProblem(response, 401, "unauthorized")
      }))

    it.effect("a linked guest account cannot change its email (403) until it verifies the current one by OTP", () =>
      Effect.gen(function*() {
        const email = parseEmail(freshEmail("buyer"))!
        const guest = yield* (yield* CustomerRepository).findOrCreatePasswordless(
          { name: "Buyer", email, phone: null },
          CustomerId.make(`cus_buyer${Date.now().toString(36)}`),
          new Date()
        )
        const linked = expectAuthResult(
          yield* post("/auth/register", { name: "Buyer", email, password: "correct-stable-pony" }, { ip: freshIp() }),
          201
        )
        expect(linked.customerId).toBe(guest.id)
        // whoever registered cannot swap in an address of their own before proving this one
        expectProblem(yield* patchMe(linked.tokens.accessToken, { email: freshEmail("mine") }), 403, "email_verification_required")
        const swap = yield* post("/auth/otp/request", { channel: "email", email, purpose: "verify_email" }, {
          ip: freshIp(),
          accessToken: linked.tokens.accessToken
        })
        expect(swap.status).toBe(202)
        const requested = swap.body as OtpRequested
        expect((yield* verify(requested.verificationId, codeFor(email), linked.tokens.accessToken)).body).toEqual({ verified: true })
        expect(yield* accountRoutes.profile(linked.tokens.accessToken)).toMatchObject({ id: guest.id, emailVerified: true })
        const changed = yield* patchMe(linked.tokens.accessToken, { email: freshEmail("mine") })
        expect(changed.status).toBe(200)
        expect(changed.body).toMatchObject({ emailVerified: false })
      }))
  })

  describe("request validation", () => {
    it.effect("the channel decides the field; verify_* codes go by their own channel; unknown fields are 400", () =>
      Effect.gen(function*() {
        const cases: ReadonlyArray<Record<string, unknown>> = [
          { channel: "email", phone: freshPhone(), purpose: "login" },
          { channel: "sms", email: freshEmail(), purpose: "login" },
          { channel: "email", email: freshEmail(), phone: freshPhone(), purpose: "login" },
          { channel: "sms", phone: freshPhone(), purpose: "verify_email" },
          { channel: "email", email: freshEmail(), purpose: "verify_phone" },
          { channel: "pigeon", email: freshEmail(), purpose: "login" },
          { channel: "email", email: freshEmail(), purpose: "signup" },
          { channel: "email", email: "nope", purpose: "login" },
          { channel: "email", email: freshEmail(), purpose: "login", customerId: "cus_x" }
        ]
        for (const body of cases) {
          expectProblem(yield* post("/auth/otp/request", body, { ip: freshIp() }), 400, "validation_failed")
        }
      }))
  })
})
