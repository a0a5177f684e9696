/**
 * The outbox relay of the real service process, killed and doubled, on PGlite and PostgreSQL,
 * with a real SMTP server in the test (smtp-server):
 * - `kill -9` between claim and send: a login code is requested, the relay claims it and opens
 *   a connection to the mail server, which holds it without a greeting (the message in flight,
 *   not accepted); the process is killed there. A new process delivers it once the claim's lease
 *   (RELAY_LEASE_MS, short here) has run out, and the code in it signs the customer in.
 * - PostgreSQL: two service processes relay one outbox, each woken by the other's writes (LISTEN);
 *   every message is delivered exactly once (one claim per row, one mail per message).
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { call, eventually, freshIp, registerCustomer } from "../support/process-http.ts"
import { type ProcessDatabase, processEngines, type Service, startService } from "../support/process-databases.ts"
import { type SmtpInbox, startSmtpInbox } from "../support/smtp-inbox.ts"

const CODE = /\b(\d{6})\b/

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** The service on `database`, sending mail to `inbox`; killed or stopped at the end if still running. */
const serviceOn = async (database: ProcessDatabase, inbox: SmtpInbox, env: Record<string, string> = {}): Promise<Service> => {
  const service = await startService({ ...database.env, SMTP_URL: inbox.url, ...env })
  cleanups.push(service.kill)
  return service
}

/** Requests a login code by email for `email`, from a client address of its own. */
const requestLoginCode = async (service: Service, email: string) => {
  const requested = await call(service.base, "POST", "/v1/store/auth/otp/request", { channel: "email", email, purpose: "login" }, {
    "x-forwarded-for": freshIp()
  })
  expect(requested.status, JSON.stringify(requested.body)).toBe(202)
  return requested.body["verificationId"] as string
}

for (const engine of processEngines()) {
  describe(`outbox relay of the service process (${engine.name})`, () => {
    it("killed (-9) between claim and send: after a restart the message is delivered, and its code signs in", async () => {
      const database = engine.create()
      cleanups.push(database.drop)
      const inbox = await startSmtpInbox({ stalled: true })
      cleanups.push(inbox.close)
      // a short lease, so the restarted relay may claim the row again soon
      const settings = { RELAY_LEASE_MS: "2000" }

      const first = await serviceOn(database, inbox, settings)
      const customer = await registerCustomer(first.base, { "x-forwarded-for": freshIp() })
      const verificationId = await requestLoginCode(first, customer.email)
      // the relay claimed the row and is connected to the mail server, waiting for its greeting
      await eventually(async () => expect(inbox.connections()).toBeGreaterThan(0), 30_000)
      if (database.sql !== undefined) {
        expect(database.sql(`SELECT state, attempts, lease_until IS NOT NULL FROM notification_outbox WHERE recipient = '${customer.email}'`))
          .toBe("pending|1|t")
      }
      await first.kill()
      expect(inbox.mails()).toEqual([])

      inbox.stall(false)
      const second = await serviceOn(database, inbox, settings)
      const mail = await inbox.waitFor(customer.email, () => true, 60_000)
      expect(mail.subject).toBe("Your sign-in code")
      const signedIn = await call(second.base, "POST", "/v1/store/auth/otp/verify", { verificationId, code: CODE.exec(mail.text)?.[1] })
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
      expect(signedIn.body).toHaveProperty("tokens.accessToken")
      if (database.sql !== undefined) {
        // claimed by the killed relay, then again by the new one after the lease
        await eventually(async () =>
          expect(database.sql!(`SELECT state, attempts FROM notification_outbox WHERE recipient = '${customer.email}'`)).toBe("sent|2"))
      }
      // every mail to it is this one message (the Message-ID carries the outbox row)
      expect(new Set(inbox.mails().filter((received) => received.to === customer.email).map((received) => received.messageId)).size).toBe(1)
      await second.stop()
    }, 420_000)

    if (engine.shared) {
      it("two service processes relay one outbox: each of 30 messages is delivered exactly once", async () => {
        const database = engine.create()
        cleanups.push(database.drop)
        const inbox = await startSmtpInbox()
        cleanups.push(inbox.close)
        // the first sets the database up (migrations, demo catalog); the second finds it done
        const one = await serviceOn(database, inbox)
        const two = await serviceOn(database, inbox)
        const services = [one, two]

        // each message written by one of the two, at the same time: both relays are woken by every write
        const customers = await Promise.all(Array.from({ length: 30 }, async (_, index) => {
          const service = services[index % 2]!
          const customer = await registerCustomer(service.base, { "x-forwarded-for": freshIp() })
          await requestLoginCode(service, customer.email)
          return customer.email
        }))
        await eventually(async () => {
          for (const email of customers) expect(inbox.mails().some((mail) => mail.to === email), email).toBe(true)
        }, 60_000)
        await eventually(async () =>
          expect(database.sql!("SELECT state || ':' || attempts, count(*) FROM notification_outbox GROUP BY 1")).toBe("sent:1|30"))
        for (const email of customers) expect(inbox.mails().filter((mail) => mail.to === email)).toHaveLength(1)
        // each counted sent by the relay that sent it, 30 in all
        const sentBy = await Promise.all(services.map(async (service) => {
          const metrics = await fetch(`${service.base}/metrics`).then((response) => response.text())
          return Number(/storefront_messages_sent_total\{channel="email"\} (\d+)/.exec(metrics)?.[1])
        }))
        expect(sentBy[0]! + sentBy[1]!).toBe(30)
        await Promise.all(services.map((service) => service.stop()))
      }, 420_000)
    }
  })
}
