/**
 * What the service process says at start about delivery (docs/notifications.md): on PostgreSQL
 * without a mail server or an SMS gateway, one warning line that messages by email and SMS are
 * not delivered, naming the settings that would deliver them; with SMTP_URL alone, one naming
 * SMS only; with both channels configured, none. The embedded demo never warns: it prints each
 * code and link in its console instead. (A malformed SMTP_URL, SMS_WEBHOOK_URL or WEBHOOK_SECRET
 * stopping the start is server-process.test.ts's.)
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { WEBHOOK_SECRET } from "../support/outbox-delivery.ts"
import { type ProcessDatabase, processEngines, startService } from "../support/process-databases.ts"

const cleanups: Array<() => void> = []
afterAll(() => {
  for (const cleanup of cleanups) cleanup()
})

/** The warnings about undelivered messages the service logged from its start until it was ready and stopped. */
const deliveryWarnings = async (database: ProcessDatabase, env: Record<string, string>) => {
  const service = await startService({ ...database.env, ...env })
  await service.stop()
  return service.process.stdout().split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { readonly message: string; readonly level: string })
    .filter((entry) => entry.message.includes("not delivered"))
}

const SMTP = { SMTP_URL: "smtp://shop:s3cret@127.0.0.1:2525" }
const SMS = { SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms", WEBHOOK_SECRET }

for (const engine of processEngines()) {
  describe(`start-up warning about undelivered messages (${engine.name})`, () => {
    const created = () => {
      const database = engine.create()
      cleanups.push(database.drop)
      return database
    }

    if (engine.shared) {
      it("no gateway: one warning naming both channels and their settings; SMTP_URL alone: one naming SMS; both: none", async () => {
        const database = created()
        const none = await deliveryWarnings(database, {})
        expect(none).toHaveLength(1)
        expect(none[0]!.level).toBe("WARN")
        expect(none[0]!.message).toBe(
          "messages by email and sms are not delivered: no gateway is configured " +
            "(SMTP_URL; SSLWIRELESS_API_TOKEN or SMS_WEBHOOK_URL); they wait in notification_outbox"
        )
        const mailOnly = await deliveryWarnings(database, SMTP)
        expect(mailOnly.map((entry) => entry.message)).toEqual([
          "messages by sms are not delivered: no gateway is configured (SSLWIRELESS_API_TOKEN or SMS_WEBHOOK_URL); they wait in notification_outbox"
        ])
        expect(await deliveryWarnings(database, { ...SMTP, ...SMS })).toEqual([])
      }, 420_000)
    } else {
      it("the embedded demo without a gateway: no warning (it prints codes and links instead)", async () => {
        expect(await deliveryWarnings(created(), {})).toEqual([])
      }, 240_000)
    }
  })
}
