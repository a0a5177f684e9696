/**
 * The import's customers. A document customer is the stored customer with the same
 * (normalised) email, else the same phone. New ones are inserted password-less. A matched
 * customer without a password takes the document's name; identifiers (email, phone) and
 * customers who registered are never changed.
 */
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { ImportCustomerData } from "../../../application/catalog-import/catalog-import-data.ts"
import { countsOf } from "../../../application/catalog-import/import-summary.ts"
import type { IdGenerator } from "../../../domain/shared/id-generator.ts"
import { asJson } from "./upsert-rows.ts"

interface StoredCustomer {
  readonly id: string
  readonly name: string
  readonly email: string | null
  readonly phone: string | null
  readonly passwordless: boolean
}

export const makeCustomerWriter = (sql: SqlClient.SqlClient, ids: IdGenerator["Service"]) =>
  Effect.fn("CatalogImport.writeCustomers")(function*(customers: ReadonlyArray<ImportCustomerData>) {
    if (customers.length === 0) return countsOf(0, 0, 0)
    const emails = customers.flatMap((customer) => customer.email === null ? [] : [customer.email])
    const phones = customers.flatMap((customer) => customer.phone === null ? [] : [customer.phone])
    const stored = yield* sql<StoredCustomer>`
      SELECT id, name, email, phone, password_hash IS NULL AS passwordless FROM customers
      WHERE email = ANY(${emails}::text[]) OR phone = ANY(${phones}::text[])`
    const byEmail = new Map(stored.flatMap((row) => row.email === null ? [] : [[row.email, row] as const]))
    const byPhone = new Map(stored.flatMap((row) => row.phone === null ? [] : [[row.phone, row] as const]))
    const claimed = new Set<string>()
    const inserts: Array<object> = []
    const renames: Array<{ id: string; name: string }> = []
    for (const customer of customers) {
      const match = (customer.email === null ? undefined : byEmail.get(customer.email)) ??
        (customer.phone === null ? undefined : byPhone.get(customer.phone))
      if (match === undefined) {
        inserts.push({
          id: yield* ids.next("cus"),
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          source: customer.source
        })
        continue
      }
      if (claimed.has(match.id)) continue
      claimed.add(match.id)
      if (match.passwordless && match.name !== customer.name) renames.push({ id: match.id, name: customer.name })
    }
    if (inserts.length > 0) {
      yield* sql`
        INSERT INTO customers (id, name, email, phone, source)
        SELECT id, name, email, phone, source
        FROM jsonb_to_recordset(${asJson(inserts)}::jsonb) AS t(id text, name text, email text, phone text, source text)`
    }
    if (renames.length > 0) {
      yield* sql`
        UPDATE customers c SET name = t.name, updated_at = now()
        FROM jsonb_to_recordset(${asJson(renames)}::jsonb) AS t(id text, name text)
        WHERE c.id = t.id`
    }
    return countsOf(customers.length, inserts.length, renames.length)
  })
