/** ResetTokenRepository over the `password_reset_tokens` table (hashes only). */
import { Effect, Schema } from "effect"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import { ResetToken } from "../../domain/auth/reset-token.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { tableLayer, tableSpec } from "./table-layer.ts"

const resetTokens = tableSpec("password_reset_tokens", ResetToken, "id, customer_id, token_hash, mailed_to, created_at, expires_at, used_at, voided_at")

export const PostgresResetTokenRepository = tableLayer(ResetTokenRepository, resetTokens, (sql, tokens) =>
  ResetTokenRepository.of({
    insert: tokens.insert,
    findByTokenHashForUpdate: (tokenHash) => tokens.findFirst(sql`token_hash = ${tokenHash} FOR UPDATE`),
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
)
