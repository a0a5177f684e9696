/**
 * Migration 0015 (canonical phones): stored customer phones take their canonical form; where two
 * customers end with one number, the one who proved it keeps it (else the older) and the other's
 * phone and verification are cleared, nothing else touched. The SQL rule agrees with the domain
 * function on every way of writing a phone the contract names.
 */
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import canonicalPhones, { canonicalPhoneSql } from "../../adapters/postgres/migrations/0015_canonical_phones.ts"
import { canonicalPhone } from "../../domain/customer/phone.ts"
import { testEngines } from "../support/test-database.ts"

const WRITTEN = [
  "01819123456", "8801819123456", "+8801819123456", "008801819123456", "+880 1819-123456",
  "(+880) 1819.123.456", "018-1912 3456", "+44 20 7946 0000", "1234567", "+1 (555) 000-1234",
  "0171 234", "call 01819123456", "+88 01819 123456"
]

for (const engine of testEngines()) {
  layer(engine.layer, { excludeTestServices: true })(`migration 0015 on ${engine.name}`, (it) => {
    it.effect("the SQL rule agrees with the domain function", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        for (const written of WRITTEN) {
          const [row] = yield* sql<{ canonical: string }>`
            SELECT ${sql.literal(canonicalPhoneSql("phone"))} AS canonical FROM (SELECT ${written}::text AS phone) AS given`
          expect(row?.canonical, written).toBe(canonicalPhone(written) ?? written)
        }
      }))

    it.effect("canonicalises stored phones; on a collision the prover (else the older) keeps the number", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const customer = (id: string, phone: string, verifiedPhone: string | null, createdAt: string) =>
          sql`INSERT INTO customers (id, name, email, phone, verified_phone, created_at)
              VALUES (${id}, ${id}, ${`${id}@example.com`}, ${phone}, ${verifiedPhone}, ${createdAt}::timestamptz)`
        yield* customer("mig_older_unproven", "01819123456", null, "2024-01-01T00:00:00Z")
        yield* customer("mig_newer_prover", "+880 1819-123456", "+880 1819-123456", "2025-01-01T00:00:00Z")
        yield* customer("mig_older", "8801711000000", null, "2024-01-01T00:00:00Z")
        yield* customer("mig_newer", "008801711000000", null, "2025-01-01T00:00:00Z")
        yield* customer("mig_alone", "(+44) 20.7946-0000", "(+44) 20.7946-0000", "2025-01-01T00:00:00Z")
        yield* customer("mig_not_a_phone", "ask at the shop", null, "2025-01-01T00:00:00Z")

        yield* canonicalPhones
        const rows = yield* sql<{ id: string; phone: string | null; verifiedPhone: string | null; name: string; email: string }>`
          SELECT id, phone, verified_phone, name, email FROM customers WHERE id LIKE 'mig_%' ORDER BY id`
        const byId = Object.fromEntries(rows.map((row) => [row.id, row]))
        expect(byId["mig_newer_prover"]).toMatchObject({ phone: "+8801819123456", verifiedPhone: "+8801819123456" })
        expect(byId["mig_older_unproven"]).toMatchObject({ phone: null, verifiedPhone: null, name: "mig_older_unproven" })
        expect(byId["mig_older"]).toMatchObject({ phone: "+8801711000000" })
        expect(byId["mig_newer"]).toMatchObject({ phone: null, verifiedPhone: null, email: "mig_newer@example.com" })
        expect(byId["mig_alone"]).toMatchObject({ phone: "+442079460000", verifiedPhone: "+442079460000" })
        expect(byId["mig_not_a_phone"]).toMatchObject({ phone: "ask at the shop" })

        // running it again changes nothing
        yield* canonicalPhones
        const again = yield* sql<{ id: string; phone: string | null; verifiedPhone: string | null; name: string; email: string }>`
          SELECT id, phone, verified_phone, name, email FROM customers WHERE id LIKE 'mig_%' ORDER BY id`
        expect(again).toEqual(rows)
      }))
  })
}
