/**
 * The argon2id adapter: the stored hash carries the parameters of docs/contract/accounts.md (argon2id, m=19456
 * KiB, t=2, p=1) and a random salt, verification works, a missing hash (unknown email) is
 * verified against the dummy hash and answers false, and the semaphore caps concurrent hashes.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { makeArgon2PasswordHasher } from "../../adapters/security/argon2-password-hasher.ts"
import { NormalisedPassword } from "../../domain/customer/password.ts"

describe("argon2id password hasher", () => {
  it.effect("hashes with argon2id m=19456 t=2 p=1 and a fresh salt; verifies right and wrong passwords", () =>
    Effect.gen(function*() {
      const hasher = yield* makeArgon2PasswordHasher({ maxConcurrentHashes: 2 })
      const password = NormalisedPassword.make("violet-harbour-lantern")
      const first = yield* hasher.hash(password)
      const second = yield* hasher.hash(password)
      expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
      expect(second).not.toBe(first)
      expect(yield* hasher.verify(first, "violet-harbour-lantern")).toBe(true)
      expect(yield* hasher.verify(first, "violet-harbour-lanterN")).toBe(false)
    }), { timeout: 30_000 })

  it.effect("a missing stored hash answers false (after a dummy verification)", () =>
    Effect.gen(function*() {
      const hasher = yield* makeArgon2PasswordHasher({ maxConcurrentHashes: 1 })
      expect(yield* hasher.verify(null, "anything at all")).toBe(false)
      expect(yield* hasher.verify(null, "")).toBe(false)
    }), { timeout: 30_000 })

  it.effect("no more hashes run at once than the cap allows; the rest wait", () =>
    Effect.gen(function*() {
      let running = 0
      let peak = 0
      const slowArgon2 = {
        hash: async () => {
          running++
          peak = Math.max(peak, running)
          await new Promise((resolve) => setTimeout(resolve, 20))
          running--
          return "$argon2id$fake"
        },
        verify: async () => false
      }
      const hasher = yield* makeArgon2PasswordHasher({ maxConcurrentHashes: 2, argon2: slowArgon2 })
      peak = 0
      const fibers = yield* Effect.forEach(Array.from({ length: 8 }, () => 0), () =>
        Effect.forkChild(hasher.hash(NormalisedPassword.make("violet-harbour-lantern"))))
      yield* Effect.forEach(fibers, Fiber.join)
      expect(peak).toBe(2)
    }))
})
