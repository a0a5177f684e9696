/** ResetTokenRepository over the `password_reset_tokens` table (hashes only). */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import { ResetToken } from "../../domain/auth/reset-token.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { execute, findOne } from "./store-query.ts"

const COLUMNS = "id, customer_id, token_hash, mailed_to, created_at, expires_at, used_at, voided_at"

export const layer = Layer.effect(
  ResetTokenRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return ResetTokenRepository.of({
      insert: execute({ Request: ResetToken, execute: (row) => sql`INSERT INTO password_reset_tokens ${sql.insert(row)}` }),
      findByTokenHashForUpdate: findOne({
        Request: Schema.String,
        Result: ResetToken,
        execute: (tokenHash) =>
          sql`SELECT ${sql.literal(COLUMNS)} FROM password_reset_tokens WHERE token_hash = ${tokenHash} FOR UPDATE`
      }),
      update: (t) =>
        orStoreUnavailable(
          sql`UPDATE password_reset_tokens SET used_at = ${t.usedAt}, voided_at = ${t.voidedAt} WHERE id = ${t.id}`
        ).pipe(Effect.asVoid),
      // voidResetToken on each: only pending ones (not used, voided or expired)
      voidAllOfCustomer: (customerId, now) =>
        orStoreUnavailable(sql`
          UPDATE password_reset_tokens SET voided_at = ${now}
          WHERE customer_id = ${customerId} AND used_at IS NULL AND voided_at IS NULL AND expires_at > ${now}`)
          .pipe(Effect.asVoid)
    })
  })
)
