/**
 * The account-store contract suites on the SQL adapters, on every test engine; plus what only
 * a database can show: an outbox row and its file line exist only when the transaction commits.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import * as PostgresSessionRepository from "../../adapters/postgres/postgres-session-repository.ts"
import { Notifier } from "../../application/auth/notifier.ts"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { issueSession, revokeSession } from "../../domain/auth/session.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { postgresAccountStores } from "../../config/account-stores.ts"
import { isSharedDatabase, testEngines } from "../support/test-database.ts"
import { givenCustomer, uniqueSuffix } from "./account-store-fixtures.ts"
import { accountStoreContracts } from "./account-store-contracts.ts"
import { OutboxRecipients, readNotificationLines } from "./notifier-contract.ts"
import { CustomerId, SessionId } from "../../domain/shared/ids.ts"

const outboxRecipients = Layer.effect(
  OutboxRecipients,
  Effect.map(SqlClient.SqlClient, (sql) =>
    Effect.orDie(sql<{ recipient: string }>`SELECT recipient FROM notification_outbox ORDER BY id`).pipe(
      Effect.map((rows) => rows.map((row) => row.recipient))
    ))
)

for (const engine of testEngines()) {
  const notificationsFile = join(mkdtempSync(join(tmpdir(), `storefront-${engine.name}-`)), "notifications.jsonl")
  const stores = Layer.mergeAll(postgresAccountStores({ notificationsFile: Option.some(notificationsFile), sharedDatabase: isSharedDatabase(engine) }), outboxRecipients)
    .pipe(Layer.provideMerge(engine.layer))

  layer(stores, { excludeTestServices: true })(`account stores (${engine.name})`, (it) => {
    accountStoreContracts(it, notificationsFile)

    if (isSharedDatabase(engine)) {
      describe("session revocations across instances", () => {
        // another instance: the plain SQL repository over the same database
        const otherInstance = Effect.provide(
          Effect.gen(function*() {
            return yield* SessionRepository
          }),
          PostgresSessionRepository.layer
        )
        const newSession = (customerId: string) =>
          issueSession({ openedBy: "password", id: SessionId.make(`ses_${uniqueSuffix()}`), customerId: CustomerId.make(customerId), tokenHash: `hash_${uniqueSuffix()}`, now: new Date() })
        const untilSeenRevoked = (sessions: SessionRepository["Service"], sessionId: SessionId) =>
          Effect.flatMap(sessions.findById(sessionId), (found) => {
            const seen = Option.getOrThrow(found).revokedAt
            return seen === null ? Effect.fail("not seen yet") : Effect.succeed(seen)
          }).pipe(Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 500 }))

        it.effect("another instance's revocation reaches this instance's session cache through NOTIFY", () =>
          Effect.gen(function*() {
            const cachedSessions = yield* SessionRepository
            const other = yield* otherInstance
            const session = newSession((yield* givenCustomer).id)
            yield* other.insert(session)
            expect(Option.getOrThrow(yield* cachedSessions.findById(session.id)).revokedAt).toBeNull()
            // cached: an unannounced change is not seen...
            const sql = yield* SqlClient.SqlClient
            yield* Effect.orDie(sql`UPDATE sessions SET generation = 7 WHERE id = ${session.id}`)
            expect(Option.getOrThrow(yield* cachedSessions.findById(session.id)).generation).toBe(0)
            // ...an announced revocation is
            yield* other.update(revokeSession(session, new Date()))
            expect(yield* untilSeenRevoked(cachedSessions, session.id)).toBeInstanceOf(Date)
          }))

        it.effect("another instance revoking all of a customer's sessions reaches the cache too", () =>
          Effect.gen(function*() {
            const cachedSessions = yield* SessionRepository
            const other = yield* otherInstance
            const customerId = (yield* givenCustomer).id
            const sessions = [newSession(customerId), newSession(customerId)]
            yield* Effect.forEach(sessions, (session) => other.insert(session), { discard: true })
            for (const session of sessions) {
              expect(Option.getOrThrow(yield* cachedSessions.findById(session.id)).revokedAt).toBeNull()
            }
            yield* other.revokeAllOfCustomer(customerId, new Date())
            for (const session of sessions) {
              expect(yield* untilSeenRevoked(cachedSessions, session.id)).toBeInstanceOf(Date)
            }
          }))
      })
    }

    describe("notification outbox and transactions", () => {
      const send = (to: string) =>
        Effect.flatMap(Notifier, (notifier) =>
          notifier.send({ channel: "sms", to, purpose: "login", code: "123456", createdAt: new Date() }))
      const recipientsOf = (to: string) =>
        Effect.gen(function*() {
          const rows = (yield* (yield* OutboxRecipients)).filter((recipient) => recipient === to)
          const lines = (yield* readNotificationLines(notificationsFile)).filter((line) =>
            typeof line === "object" && line !== null && "to" in line && line.to === to
          )
          return { rows: rows.length, lines: lines.length }
        })

      it.effect("a rolled-back transaction leaves neither an outbox row nor a file line", () =>
        Effect.gen(function*() {
          const transactions = yield* Transactions
          const to = `+1555${uniqueSuffix()}`
          const exit = yield* Effect.exit(transactions.atomically(Effect.andThen(send(to), Effect.fail("rolled back"))))
          expect(exit._tag).toBe("Failure")
          expect(yield* recipientsOf(to)).toEqual({ rows: 0, lines: 0 })
        }))

      it.effect("the file line is written only after the commit", () =>
        Effect.gen(function*() {
          const transactions = yield* Transactions
          const to = `+1556${uniqueSuffix()}`
          const inside = yield* transactions.atomically(Effect.andThen(send(to), readNotificationLines(notificationsFile)))
          expect(inside.filter((line) => typeof line === "object" && line !== null && "to" in line && line.to === to))
            .toHaveLength(0)
          expect(yield* recipientsOf(to)).toEqual({ rows: 1, lines: 1 })
        }))
    })
  })
}
