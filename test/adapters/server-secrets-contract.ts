/**
 * The contract of every ServerSecrets (memory, PGlite, PostgreSQL): the first value stored for
 * a name is the value from then on, also when several callers race to create it.
 */
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import { concurrently, portContract, uniqueSuffix } from "./account-store-fixtures.ts"

export const serverSecretsContract = portContract(ServerSecrets, "ServerSecrets contract", {
  "a secret is created once and then always returned": (secrets) =>
    Effect.gen(function*() {
      const name = `secret_${uniqueSuffix()}`
      expect(yield* secrets.getOrCreate(name, Effect.succeed("first"))).toBe("first")
      let created = 0
      const again = yield* secrets.getOrCreate(name, Effect.sync(() => (created++, "second")))
      expect(again).toBe("first")
      expect(created).toBe(0)
    }),

  "concurrent creators all end up with one value": (secrets) =>
    Effect.gen(function*() {
      const name = `secret_${uniqueSuffix()}`
      const values = yield* concurrently(8, (i) => secrets.getOrCreate(name, Effect.succeed(`value_${i}`)))
      expect(new Set(values).size).toBe(1)
    })
})
