/**
 * The contract of every ServerSecrets (memory, PGlite, PostgreSQL): the first value stored for
 * a name is the value from then on, also when several callers race to create it.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import { uniqueSuffix } from "./account-store-fixtures.ts"

export const serverSecretsContract = (it: Vitest.MethodsNonLive<ServerSecrets>) =>
  describe("ServerSecrets contract", () => {
    it.effect("a secret is created once and then always returned", () =>
      Effect.gen(function*() {
        const secrets = yield* ServerSecrets
        const name = `secret_${uniqueSuffix()}`
        expect(yield* secrets.getOrCreate(name, Effect.succeed("first"))).toBe("first")
        let created = 0
        const again = yield* secrets.getOrCreate(name, Effect.sync(() => (created++, "second")))
        expect(again).toBe("first")
        expect(created).toBe(0)
      }))

    it.effect("concurrent creators all end up with one value", () =>
      Effect.gen(function*() {
        const secrets = yield* ServerSecrets
        const name = `secret_${uniqueSuffix()}`
        const values = yield* Effect.forEach(
          Array.from({ length: 8 }, (_, i) => i),
          (i) => secrets.getOrCreate(name, Effect.succeed(`value_${i}`)),
          { concurrency: "unbounded" }
        )
        expect(new Set(values).size).toBe(1)
      }))
  })
