/**
 * IdempotencyStore over the `idempotency_keys` table (migration 0004). A claim is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE <the old record is free>`: it inserts a new record, or
 * takes over one whose retention ended or whose attempt's lease ran out, atomically; otherwise
 * the existing record is read and compared. Claims run outside the caller's unit of work (they
 * must be visible to concurrent requests at once); `finish` runs inside it, so the response is
 * recorded exactly when the work commits. Records past their retention are purged now and then.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { ClaimOutcome } from "../../application/idempotency/idempotency-store.ts"
import { IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

/** Purge expired records on about one claim in this many. */
const PURGE_EVERY_CLAIMS = 500
const PURGE_BATCH = 1_000

const RecordRow = Schema.Struct({
  fingerprint: Schema.String,
  status: Schema.Literals(["running", "finished"]),
  responseStatus: Schema.NullOr(Schema.Int),
  responseHeaders: Schema.NullOr(Schema.fromJsonString(Schema.Record(Schema.String, Schema.String))),
  responseBody: Schema.NullOr(Schema.String)
})

const ScopedKey = Schema.Struct({ scope: Schema.String, key: Schema.String })

const outcomeOf = (record: typeof RecordRow.Type, fingerprint: string): ClaimOutcome => {
  if (record.fingerprint !== fingerprint) return { _tag: "Mismatch" }
  if (record.status === "running" || record.responseStatus === null || record.responseBody === null) {
    return { _tag: "Running" }
  }
  return {
    _tag: "Finished",
    response: { status: record.responseStatus, headers: record.responseHeaders ?? {}, body: record.responseBody }
  }
}

export const makePostgresIdempotencyStore = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  let claimsSincePurge = 0

  const purgeExpired = (now: Date) =>
    orStoreUnavailable(sql`
      DELETE FROM idempotency_keys WHERE ctid IN (
        SELECT ctid FROM idempotency_keys WHERE retain_until <= ${now} LIMIT ${PURGE_BATCH})`).pipe(Effect.asVoid)

  const recordOf = findOne({
    Request: ScopedKey,
    Result: RecordRow,
    execute: ({ key, scope }) =>
      sql`
        SELECT fingerprint, status, response_status, response_headers::text AS response_headers, response_body
        FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`
  })

  return IdempotencyStore.of({
    claim: (claim) =>
      Effect.gen(function*() {
        claimsSincePurge++
        if (claimsSincePurge >= PURGE_EVERY_CLAIMS) {
          claimsSincePurge = 0
          yield* purgeExpired(claim.now)
        }
        const claimed = yield* orStoreUnavailable(sql`
          INSERT INTO idempotency_keys (scope, key, fingerprint, owner, status, created_at, lease_until, retain_until)
          VALUES (${claim.scope}, ${claim.key}, ${claim.fingerprint}, ${claim.owner}, 'running', ${claim.now},
            ${claim.leaseUntil}, ${claim.retainUntil})
          ON CONFLICT (scope, key) DO UPDATE SET
            fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner, status = 'running',
            response_status = NULL, response_headers = NULL, response_body = NULL,
            created_at = EXCLUDED.created_at, lease_until = EXCLUDED.lease_until, retain_until = EXCLUDED.retain_until
          WHERE idempotency_keys.retain_until <= EXCLUDED.created_at
            OR (idempotency_keys.status = 'running' AND idempotency_keys.lease_until <= EXCLUDED.created_at)
          RETURNING owner`)
        if (claimed.length === 1) return { _tag: "Claimed" } satisfies ClaimOutcome
        const existing = yield* recordOf(claim)
        // Gone between the two statements (released by a failed attempt): it is being retried.
        return Option.isNone(existing) ? { _tag: "Running" } satisfies ClaimOutcome : outcomeOf(existing.value, claim.fingerprint)
      }),
    finish: (held, response) =>
      orStoreUnavailable(sql`
        UPDATE idempotency_keys SET status = 'finished', response_status = ${response.status},
          response_headers = ${JSON.stringify(response.headers)}::jsonb, response_body = ${response.body}
        WHERE scope = ${held.scope} AND key = ${held.key} AND owner = ${held.owner} AND status = 'running'
        RETURNING key`).pipe(Effect.map((rows) => rows.length === 1)),
    release: (held) =>
      orStoreUnavailable(sql`
        DELETE FROM idempotency_keys
        WHERE scope = ${held.scope} AND key = ${held.key} AND owner = ${held.owner} AND status = 'running'`).pipe(
        Effect.asVoid
      )
  })
})

export const layer = Layer.effect(IdempotencyStore, makePostgresIdempotencyStore)
