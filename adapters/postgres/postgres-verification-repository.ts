/** VerificationRepository over the `verifications` table. */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import { Verification } from "../../domain/auth/verification.ts"
import { firstRow } from "./first-row.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const COLUMNS = "id, purpose, channel, destination, customer_id, code_hash, created_at, expires_at, " +
  "attempts_remaining, consumed_at, voided_at"

const decodeVerification = Schema.decodeUnknownSync(Verification)

export const PostgresVerificationRepository = Layer.effect(
  VerificationRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    return VerificationRepository.of({
      insert: (v) =>
        orStoreUnavailable(sql`
          INSERT INTO verifications (${columns})
          VALUES (${v.id}, ${v.purpose}, ${v.channel}, ${v.destination}, ${v.customerId}, ${v.codeHash},
            ${v.createdAt}, ${v.expiresAt}, ${v.attemptsRemaining}, ${v.consumedAt}, ${v.voidedAt})`).pipe(Effect.asVoid),
      findByIdForUpdate: (id) =>
        orStoreUnavailable(sql`SELECT ${columns} FROM verifications WHERE id = ${id} FOR UPDATE`).pipe(
          Effect.map(firstRow(decodeVerification))
        ),
      update: (v) =>
        orStoreUnavailable(sql`
          UPDATE verifications SET
            attempts_remaining = ${v.attemptsRemaining},
            consumed_at = ${v.consumedAt},
            voided_at = ${v.voidedAt}
          WHERE id = ${v.id}`).pipe(Effect.asVoid),
      findOpenByDestination: (destination, purpose) =>
        orStoreUnavailable(sql`
          SELECT ${columns} FROM verifications
          WHERE destination = ${destination} AND purpose = ${purpose} AND consumed_at IS NULL AND voided_at IS NULL
          ORDER BY created_at`).pipe(Effect.map((rows) => rows.map((row) => decodeVerification(row)))),
      // voidVerification on each: only live ones (not consumed, voided, exhausted or expired)
      voidAllOfCustomer: (customerId, now) =>
        orStoreUnavailable(sql`
          UPDATE verifications SET voided_at = ${now}
          WHERE customer_id = ${customerId} AND consumed_at IS NULL AND voided_at IS NULL
            AND attempts_remaining > 0 AND expires_at > ${now}`).pipe(Effect.asVoid)
    })
  })
)
