/**
 * The contract of every Notifier (memory, PGlite, PostgreSQL): a sent notification lands in the
 * outbox and, when NOTIFICATIONS_FILE is set, as one JSON line in that file with docs/contract/accounts.md's
 * fields (absent optional fields are left out).
 */
import { readFile } from "node:fs/promises"
import { describe, expect, type Vitest } from "@effect/vitest"
import { Context, Effect } from "effect"
import { Notifier } from "../../application/auth/notifier.ts"
import { uniqueSuffix } from "./account-store-fixtures.ts"

/** How a suite reads back the outbox of its engine (recipients, oldest first). */
export class OutboxRecipients extends Context.Service<OutboxRecipients, Effect.Effect<ReadonlyArray<string>>>()(
  "test/OutboxRecipients"
) {}

export const readNotificationLines = (file: string) =>
  Effect.promise(async () => {
    const text = await readFile(file, "utf8").catch(() => "")
    return text.split("\n").filter((line) => line !== "").map((line): unknown => JSON.parse(line))
  })

export const notifierContract = (it: Vitest.MethodsNonLive<Notifier | OutboxRecipients>, notificationsFile: string) =>
  describe("Notifier contract", () => {
    it.effect("an OTP code and a reset link reach the outbox and the notifications file", () =>
      Effect.gen(function*() {
        const notifier = yield* Notifier
        const to = `ann-${uniqueSuffix()}@example.com`
        const createdAt = new Date("2026-04-01T08:00:00.000Z")
        yield* notifier.send({ channel: "email", to, purpose: "login", code: "012345", createdAt })
        yield* notifier.send({
          channel: "email",
          to,
          purpose: "reset_password",
          link: "http://localhost/reset?token=abc",
          token: "abc",
          createdAt
        })
        const recipients = yield* (yield* OutboxRecipients)
        expect(recipients.filter((recipient) => recipient === to)).toHaveLength(2)
        const lines = (yield* readNotificationLines(notificationsFile)).filter((line) =>
          typeof line === "object" && line !== null && "to" in line && line.to === to
        )
        expect(lines).toEqual([
          { channel: "email", to, purpose: "login", code: "012345", createdAt: "2026-04-01T08:00:00.000Z" },
          {
            channel: "email",
            to,
            purpose: "reset_password",
            link: "http://localhost/reset?token=abc",
            token: "abc",
            createdAt: "2026-04-01T08:00:00.000Z"
          }
        ])
      }))
  })
