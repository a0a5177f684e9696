import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { runMigrations } from "../../adapters/postgres/migrations.ts"
import { testEngines } from "../support/test-database.ts"

for (const engine of testEngines()) {
  layer(engine.layer, { excludeTestServices: true })(`migrations on ${engine.name}`, (it) => {
    it.effect("creates the catalog tables and is idempotent", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const again = yield* runMigrations
        expect(again).toEqual([])
        const tables = yield* sql<{ tableName: string }>`
          SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() ORDER BY table_name`
        expect(tables.map((row) => row.tableName)).toEqual(expect.arrayContaining([
          "categories", "coupons", "customers", "product_categories", "product_shops", "products",
          "publishable_keys", "shipping_methods", "shops", "size_guides", "variants"
        ]))
      }))
  })
}

describe("engines", () => {
  it("always include the embedded database", () => {
    expect(testEngines().map((engine) => engine.name)).toContain("pglite")
  })
})
