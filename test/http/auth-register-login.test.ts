/**
 * POST /auth/register and /auth/login through the real server, on memory, PGlite and
 * PostgreSQL: the AuthResult, email normalisation, the password policy at its boundaries,
 * linking a password to a password-less customer, 409 for a taken email, 20 concurrent
 * registrations of one email, identical answers for unknown emails and wrong passwords.
 */
import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { accountTestEngines, expectAuthResult, freshEmail, freshIp, freshPhone } from "../support/account-http.ts"
import { post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"
import { CustomerId } from "../../domain/shared/ids.ts"

const registration = (fields: Record<string, unknown>) => ({
  name: "Ann Example",
  email: freshEmail(),
  password: STRONG_PASSWORD,
  ...fields
})

serverSuites(accountTestEngines(), "register and login", (it) => {
  describe("POST /auth/register", () => {
    it.effect("201 AuthResult; the access token opens /customers/me; the email is stored normalised and unverified", () =>
      Effect.gen(function*() {
        const email = freshEmail("Mixed.Case")
        const phone = freshPhone()
        const response = yield* post("/auth/register", { name: "Ann", email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD, phone }, { ip: freshIp() })
        const result = expectAuthResult(response, 201)
        expect(result.tokens.expiresIn).toBe(900)
        expect(result.tokens.refreshToken.length).toBeGreaterThanOrEqual(43) // 256 bits in base64url
        const me = yield* accountRoutes.profile(result.tokens.accessToken)
        expect(me).toEqual({
          id: result.customerId,
          name: "Ann",
          email: email.toLowerCase(),
          phone,
          avatarUrl: null,
          defaultShippingAddressId: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          emailVerified: false,
          phoneVerified: false
        })
      }))

    it.effect("an email that already has a password is 409 email_already_registered, in any letter case", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        expectProblem(yield* post("/auth/register", registration({ email: email.toUpperCase() }), { ip: freshIp() }), 409, "email_already_registered")
      }))

    it.effect("a phone that belongs to another customer is 409 too", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        yield* registerCustomer({ phone })
        expectProblem(yield* post("/auth/register", registration({ phone }), { ip: freshIp() }), 409, "email_already_registered")
      }))

    it.effect("registering over a password-less (guest or chat) customer links the password to it", () =>
      Effect.gen(function*() {
        const email = freshEmail("guest")
        const normalised = parseEmail(email)!
        const guest = yield* (yield* CustomerRepository).findOrCreatePasswordless(
          { name: "Guest Buyer", email: normalised, phone: null },
          CustomerId.make(`cus_guest${Date.now().toString(36)}`),
          new Date("2026-01-01T00:00:00.000Z")
        )
        const response = yield* post("/auth/register", registration({ email: email.toUpperCase(), name: "Someone Else" }), { ip: freshIp() })
        const result = expectAuthResult(response, 201)
        expect(result.customerId).toBe(guest.id)
        const me = yield* accountRoutes.profile(result.tokens.accessToken)
        // linking attaches the password only: the stored profile is not rewritten, the email stays
        // unverified, and until it is proven the registrant sees only what they gave (issue 9)
        expect(me).toMatchObject({ id: guest.id, name: "Someone Else", email: normalised, emailVerified: false, phone: null })
        const stored = yield* (yield* CustomerRepository).findById(guest.id)
        expect(Option.map(stored, (c) => c.registeredAt !== null && c.passwordHash !== null)).toEqual(Option.some(true))
        expect(Option.map(stored, (c) => c.name)).toEqual(Option.some("Guest Buyer"))
        // now it has a password: a second registration is refused
        expectProblem(yield* post("/auth/register", registration({ email }), { ip: freshIp() }), 409, "email_already_registered")
        yield* accountRoutes.login(email, STRONG_PASSWORD)
      }))

    it.effect("20 concurrent registrations of one email create one customer: one 201, nineteen 409", () =>
      Effect.gen(function*() {
        const email = freshEmail("race")
        const responses = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          (i) => post("/auth/register", registration({ email, name: `Racer ${i}` }), { ip: freshIp() }),
          { concurrency: "unbounded" }
        )
        expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array.from({ length: 19 }, () => 409)])
        const created = responses.find((r) => r.status === 201)!.body as { customerId: string }
        const stored = yield* (yield* CustomerRepository).findByEmail(parseEmail(email)!)
        expect(Option.map(stored, (c) => c.id)).toEqual(Option.some(created.customerId))
      }))

    it.effect("password length is counted in code points after NFKC: 7 → 422, 8 → 201, 128 → 201, 129 → 422", () =>
      Effect.gen(function*() {
        const base = "Qz7!vbn#Lp" // not a common password
        const sized = (n: number) => (base.repeat(13)).slice(0, n)
        const tooShort = yield* post("/auth/register", registration({ password: sized(7) }), { ip: freshIp() })
        expectProblem(tooShort, 422, "password_too_weak")
        expect(tooShort.body).toMatchObject({ reason: "too_short" })
        expectAuthResult(yield* post("/auth/register", registration({ password: sized(8) }), { ip: freshIp() }), 201)
        expectAuthResult(yield* post("/auth/register", registration({ password: sized(128) }), { ip: freshIp() }), 201)
        const tooLong = yield* post("/auth/register", registration({ password: sized(129) }), { ip: freshIp() })
        expectProblem(tooLong, 422, "password_too_weak")
        expect(tooLong.body).toMatchObject({ reason: "too_long" })
        // 8 astral characters are 16 UTF-16 units but 8 code points; never truncated
        const emoji = "😀🎉🚀🌟💡🔥🎈🍀"
        const email = freshEmail("emoji")
        expectAuthResult(yield* post("/auth/register", registration({ email, password: emoji }), { ip: freshIp() }), 201)
        expectProblem(yield* post("/auth/login", { email, password: emoji.slice(0, 14) }, { ip: freshIp() }), 401, "invalid_credentials")
        // NFKC: the full-width form logs in to the account made with the ASCII form
        const ascii = "Password-Ascii-77"
        const fullWidthEmail = freshEmail("nfkc")
        expectAuthResult(yield* post("/auth/register", registration({ email: fullWidthEmail, password: ascii }), { ip: freshIp() }), 201)
        const fullWidth = [...ascii].map((c) => c === "-" ? c : String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("")
        expectAuthResult(yield* post("/auth/login", { email: fullWidthEmail, password: fullWidth }, { ip: freshIp() }))
      }))

    it.effect("a common password is 422 password_too_weak (reason common), case-insensitively", () =>
      Effect.gen(function*() {
        for (const password of ["baseball", "Password1", "TRUSTNO1"]) {
          const response = yield* post("/auth/register", registration({ password }), { ip: freshIp() })
          expectProblem(response, 422, "password_too_weak")
          expect(response.body).toMatchObject({ reason: "common" })
        }
      }))

    it.effect("a weak password changes nothing: the email can still be registered", () =>
      Effect.gen(function*() {
        const email = freshEmail()
        expectProblem(yield* post("/auth/register", registration({ email, password: "short" }), { ip: freshIp() }), 422, "password_too_weak")
        expectAuthResult(yield* post("/auth/register", registration({ email }), { ip: freshIp() }), 201)
      }))

    it.effect("bad input is 400 validation_failed listing the fields: unknown fields, email format, name length", () =>
      Effect.gen(function*() {
        const unknown = yield* post("/auth/register", registration({ emailVerified: true }), { ip: freshIp() })
        expectProblem(unknown, 400, "validation_failed")
        expect(unknown.body).toMatchObject({ errors: [{ path: "emailVerified" }] })
        const bad = yield* post("/auth/register", registration({ email: "not-an-email", name: "" }), { ip: freshIp() })
        expectProblem(bad, 400, "validation_failed")
        const paths = (bad.body as { errors: ReadonlyArray<{ path: string }> }).errors.map((e) => e.path)
        expect(paths).toEqual(expect.arrayContaining(["email", "name"]))
        expectProblem(yield* post("/auth/register", registration({ name: "n".repeat(201) }), { ip: freshIp() }), 400, "validation_failed")
        expectAuthResult(yield* post("/auth/register", registration({ name: "n".repeat(200) }), { ip: freshIp() }), 201)
        expectProblem(yield* post("/auth/register", registration({ phone: "call me" }), { ip: freshIp() }), 400, "validation_failed")
      }))

    it.effect("the publishable key is required like on every route", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("POST", "/v1/store/auth/register", {
          headers: { "content-type": "application/json" },
          body: JSON.stringify(registration({}))
        })
        expectProblem(response, 400, "publishable_key_required")
        const bad = yield* rawRequest("POST", "/v1/store/auth/login", {
          headers: { "content-type": "application/json", "x-publishable-api-key": "pk_nope" },
          body: JSON.stringify({ email: freshEmail(), password: STRONG_PASSWORD })
        })
        expectProblem(bad, 401, "publishable_key_invalid")
      }))
  })

  describe("POST /auth/login", () => {
    it.effect("200 AuthResult with a new session; each login is a session of its own", () =>
      Effect.gen(function*() {
        const { email, customerId } = yield* registerCustomer()
        const first = expectAuthResult(yield* post("/auth/login", { email: ` ${email.toUpperCase()}`, password: STRONG_PASSWORD }, { ip: freshIp() }))
        const second = yield* accountRoutes.login(email, STRONG_PASSWORD)
        expect(first.customerId).toBe(customerId)
        expect(first.tokens.refreshToken).not.toBe(second.tokens.refreshToken)
        yield* accountRoutes.profile(first.tokens.accessToken)
      }))

    it.effect("unknown email, wrong password and password-less customer answer the same 401 invalid_credentials", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const guestEmail = parseEmail(freshEmail("guest"))!
        yield* (yield* CustomerRepository).findOrCreatePasswordless({ name: "Guest", email: guestEmail, phone: null }, CustomerId.make(`cus_g${Date.now().toString(36)}`), new Date())
        const wrong = yield* post("/auth/login", { email, password: "wrong-password-1" }, { ip: freshIp() })
        const unknown = yield* post("/auth/login", { email: freshEmail("nobody"), password: "wrong-password-1" }, { ip: freshIp() })
        const passwordless = yield* post("/auth/login", { email: guestEmail, password: "wrong-password-1" }, { ip: freshIp() })
        for (const response of [wrong, unknown, passwordless]) expectProblem(response, 401, "invalid_credentials")
        expect(unknown.body).toEqual(wrong.body)
        expect(passwordless.body).toEqual(wrong.body)
      }))

    it.effect("the login password is not held to the registration policy (a wrong short one is just wrong)", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        expectProblem(yield* post("/auth/login", { email, password: "x" }, { ip: freshIp() }), 401, "invalid_credentials")
        expectProblem(yield* post("/auth/login", { email, password: "" }, { ip: freshIp() }), 401, "invalid_credentials")
      }))

    it.effect("bad input is 400 validation_failed", () =>
      Effect.gen(function*() {
        expectProblem(yield* post("/auth/login", { email: "nope", password: "x" }, { ip: freshIp() }), 400, "validation_failed")
        expectProblem(yield* post("/auth/login", { email: freshEmail() }, { ip: freshIp() }), 400, "validation_failed")
        expectProblem(
          yield* post("/auth/login", { email: freshEmail(), password: "x", remember: true }, { ip: freshIp() }),
          400,
          "validation_failed"
        )
      }))
  })
})
