/** VerificationRepository over the `verifications` table. */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import { Verification, VerificationPurpose } from "../../domain/auth/verification.ts"
import { VerificationId } from "../../domain/shared/ids.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { execute, findAll, findOne } from "./store-query.ts"

const COLUMNS =
  "id, purpose, channel, destination, customer_id, requested_by, code_hash, created_at, expires_at, attempts_remaining, consumed_at, voided_at"

export const layer = Layer.effect(
  VerificationRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const findOpenByDestination = findAll({
      Request: Schema.Struct({ destination: Schema.String, purpose: VerificationPurpose }),
      Result: Verification,
      execute: ({ destination, purpose }) =>
        sql`
          SELECT ${columns} FROM verifications
          WHERE destination = ${destination} AND purpose = ${purpose} AND consumed_at IS NULL AND voided_at IS NULL
          ORDER BY created_at`
    })
    return VerificationRepository.of({
      insert: execute({ Request: Verification, execute: (row) => sql`INSERT INTO verifications ${sql.insert(row)}` }),
      findByIdForUpdate: findOne({
        Request: VerificationId,
        Result: Verification,
        execute: (id) => sql`SELECT ${columns} FROM verifications WHERE id = ${id} FOR UPDATE`
      }),
      update: (v) =>
        orStoreUnavailable(sql`
          UPDATE verifications SET
            attempts_remaining = ${v.attemptsRemaining},
            consumed_at = ${v.consumedAt},
            voided_at = ${v.voidedAt}
          WHERE id = ${v.id}`).pipe(Effect.asVoid),
      findOpenByDestination: (destination, purpose) => findOpenByDestination({ destination, purpose }),
      // voidVerification on each: only live ones (not consumed, voided, exhausted or expired)
      voidAllOfCustomer: (customerId, now) =>
        orStoreUnavailable(sql`
          UPDATE verifications SET voided_at = ${now}
          WHERE customer_id = ${customerId} AND consumed_at IS NULL AND voided_at IS NULL
            AND attempts_remaining > 0 AND expires_at > ${now}`).pipe(Effect.asVoid)
    })
  })
)
