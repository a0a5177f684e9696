/** VerificationRepository over the `verifications` table. */
import { Effect, Schema } from "effect"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import { Verification } from "../../domain/auth/verification.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { tableLayer, tableSpec } from "./table-layer.ts"

const verificationTable = tableSpec(
  "verifications",
  Verification,
  "id, purpose, channel, destination, customer_id, code_hash, created_at, expires_at, attempts_remaining, consumed_at, voided_at"
)

export const PostgresVerificationRepository = tableLayer(VerificationRepository, verificationTable, (sql, verifications) =>
  VerificationRepository.of({
    insert: verifications.insert,
    findByIdForUpdate: (id) => verifications.findFirst(sql`id = ${id} FOR UPDATE`),
    update: (v) =>
      orStoreUnavailable(sql`
        UPDATE verifications SET
          attempts_remaining = ${v.attemptsRemaining},
          consumed_at = ${v.consumedAt},
          voided_at = ${v.voidedAt}
        WHERE id = ${v.id}`).pipe(Effect.asVoid),
    findOpenByDestination: (destination, purpose) =>
      verifications.findAll(sql`
        destination = ${destination} AND purpose = ${purpose} AND consumed_at IS NULL AND voided_at IS NULL
        ORDER BY created_at`),
    // voidVerification on each: only live ones (not consumed, voided, exhausted or expired)
    voidAllOfCustomer: (customerId, now) =>
      orStoreUnavailable(sql`
        UPDATE verifications SET voided_at = ${now}
        WHERE customer_id = ${customerId} AND consumed_at IS NULL AND voided_at IS NULL
          AND attempts_remaining > 0 AND expires_at > ${now}`).pipe(Effect.asVoid)
  })
)
