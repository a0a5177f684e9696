/** ResetTokenRepository over the `password_reset_tokens` table (hashes only). */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import { ResetToken } from "../../domain/auth/reset-token.ts"
import { firstRow } from "./first-row.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const COLUMNS = "id, customer_id, token_hash, created_at, expires_at, used_at, voided_at"

const decodeResetToken = Schema.decodeUnknownSync(ResetToken)

export const PostgresResetTokenRepository = Layer.effect(
  ResetTokenRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    return ResetTokenRepository.of({
      insert: (t) =>
        orStoreUnavailable(sql`
          INSERT INTO password_reset_tokens (${columns})
          VALUES (${t.id}, ${t.customerId}, ${t.tokenHash}, ${t.createdAt}, ${t.expiresAt}, ${t.usedAt}, ${t.voidedAt})`)
          .pipe(Effect.asVoid),
      findByTokenHashForUpdate: (tokenHash) =>
        orStoreUnavailable(sql`SELECT ${columns} FROM password_reset_tokens WHERE token_hash = ${tokenHash} FOR UPDATE`)
          .pipe(
            Effect.map(firstRow(decodeResetToken))
          ),
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
