/**
 * PasswordHasher over the `argon2` package: argon2id with m = 19 MiB (19,456 KiB), t = 2, p = 1
 * (docs/contract/accounts.md's floor, the OWASP baseline). Each hash runs on a libuv worker thread. Two things
 * keep a burst of logins from starving other traffic: a semaphore caps how many hashes run at
 * once (by default one per core; the rest queue), and the worker threads run at a lower CPU
 * priority than the event loop (threadpool-priority.ts), so catalog requests win a busy CPU.
 * Unknown emails are verified against a dummy hash made at start with the same parameters.
 */
import { availableParallelism } from "node:os"
import { argon2id, hash, verify } from "argon2"
import { Effect, Layer, Semaphore } from "effect"
import { PasswordHasher } from "../../application/auth/password-hasher.ts"
import { lowerThreadpoolPriority } from "./threadpool-priority.ts"

export const ARGON2ID_PARAMETERS = {
  type: argon2id,
  /** KiB: 19 MiB. */
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1
} as const

/** The two functions of the `argon2` package this adapter uses (replaceable in tests). */
export interface Argon2Functions {
  readonly hash: (password: string, options: typeof ARGON2ID_PARAMETERS) => Promise<string>
  readonly verify: (storedHash: string, password: string) => Promise<boolean>
}

export interface Argon2PasswordHasherOptions {
  /** Hashes allowed to run at the same time; the rest wait their turn. */
  readonly maxConcurrentHashes?: number
  /** Nice value of the hashing threads (default 10; 0 leaves them at the event loop's priority). */
  readonly hashingThreadNiceness?: number
  readonly argon2?: Argon2Functions
}

export const defaultMaxConcurrentHashes = (): number => Math.max(1, availableParallelism())
const DEFAULT_HASHING_THREAD_NICENESS = 10

export const makeArgon2PasswordHasher = (options: Argon2PasswordHasherOptions = {}) =>
  Effect.gen(function*() {
    const permits = yield* Semaphore.make(options.maxConcurrentHashes ?? defaultMaxConcurrentHashes())
    const capped = permits.withPermits(1)
    const argon2 = options.argon2 ?? { hash, verify }
    const hashPassword = (password: string) =>
      capped(Effect.promise(() => argon2.hash(password, ARGON2ID_PARAMETERS))).pipe(Effect.withSpan("PasswordHasher.hash"))
    const verifyPassword = (storedHash: string, candidate: string) =>
      capped(Effect.promise(() => argon2.verify(storedHash, candidate))).pipe(Effect.withSpan("PasswordHasher.verify"))

    // the password of the dummy hash is random and thrown away: nothing can ever match it
    const dummyHash = yield* hashPassword(crypto.randomUUID())
    // the first hash started the thread pool
    const niceness = options.hashingThreadNiceness ?? DEFAULT_HASHING_THREAD_NICENESS
    if (niceness !== 0) yield* Effect.sync(() => lowerThreadpoolPriority(niceness))

    return PasswordHasher.of({
      hash: hashPassword,
      verify: (storedHash, candidate) =>
        storedHash === null
          ? Effect.as(verifyPassword(dummyHash, candidate), false)
          : verifyPassword(storedHash, candidate)
    })
  })

export const layer = (options: Argon2PasswordHasherOptions = {}) =>
  Layer.effect(PasswordHasher, makeArgon2PasswordHasher(options))
